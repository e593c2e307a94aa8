package org.jumbocap.capture.privilege;

/** Privileges could not be given up as asked; a capture must not read frames after it. */
public final class PrivilegeException extends Exception {
    public PrivilegeException(String message) {
        super(message);
    }
}
