/**
 * Native reference kernels: the FastLanes unpack, and its frame-of-reference decode, written in plain C over the lanes (as the FastLanes
 * paper writes its kernels), compiled on this machine by its C compiler at the JVM's preferred
 * vector width, and called in place on the same Java arrays through the FFM API. Named
 * {@code native.*}, they are arms, not codecs to ship: a Java kernel's gap to the store-only wall is
 * the JVM's only where the C arm closes it in the same run.
 */
package io.lanes.workbench.codec.nativeref;
