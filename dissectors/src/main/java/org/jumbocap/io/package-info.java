/**
 * Capture records and the contracts of the formats: a streaming {@link org.jumbocap.io.CaptureReader}
 * fills one reusable {@link org.jumbocap.io.FrameRecord} per call, in constant memory, checking every
 * length against {@link org.jumbocap.io.CaptureLimits} before allocating; faults are one-line
 * {@link org.jumbocap.io.CaptureFormatException}s naming file, record or block and byte offset.
 * From a regular file a record holds only the first {@link org.jumbocap.io.CaptureInput#EAGER_PREFIX_LENGTH}
 * bytes of a large frame (see {@link org.jumbocap.io.FrameRecord#loadedLength}); the rest is read from
 * the mapped file when something asks for it. The formats build on this package ({@code io.pcap},
 * {@code io.pcapng}); {@code io.files} picks one of them for a file.
 */
package org.jumbocap.io;
