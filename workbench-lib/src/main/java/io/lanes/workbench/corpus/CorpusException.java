package io.lanes.workbench.corpus;

/**
 * A column could not be produced: unknown id, missing or corrupt source, unreadable or invalid user
 * file, bad catalog entry. The message is one line that names the id or file, the column and row
 * where one applies, and every place that was looked at, so a command line can print it as is.
 * It is an {@link IllegalArgumentException} because the request (the id, the file, the column)
 * cannot be satisfied as given.
 */
public class CorpusException extends IllegalArgumentException {
    public CorpusException(String message) {
        super(message);
    }

    public CorpusException(String message, Throwable cause) {
        super(message, cause);
    }
}
