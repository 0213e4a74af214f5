package io.lanes.workbench.measure.ipv;

import java.util.List;

/**
 * A backend that counts the instructions a decode kernel executes per value. Implementations say
 * in every figure which backend and JDK produced it.
 */
public interface InstructionCounter {
    /** Backend name as probes and figures report it. */
    String tool();

    /**
     * Counts every request. The figures come back in request order.
     *
     * @throws IllegalStateException when counting fails, with the reason (never a zero figure)
     */
    List<IpvFigure> measure(List<IpvRequest> requests);
}
