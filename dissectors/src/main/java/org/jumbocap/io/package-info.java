/**
 * Capture files. {@link org.jumbocap.io.CaptureFiles} opens pcap or pcapng by magic number (files,
 * streams, stdin, gzip) into a streaming {@link org.jumbocap.io.CaptureReader} that fills one reusable
 * {@link org.jumbocap.io.FrameRecord} per call, in constant memory, checking every length against
 * {@link org.jumbocap.io.CaptureLimits} before allocating; faults are one-line
 * {@link org.jumbocap.io.CaptureFormatException}s naming file, record or block and byte offset.
 * From a regular file a record holds only the first {@link org.jumbocap.io.CaptureInput#EAGER_PREFIX_LENGTH}
 * bytes of a large frame (see {@link org.jumbocap.io.FrameRecord#loadedLength}); the rest is read from
 * the mapped file when something asks for it.
 * {@link org.jumbocap.io.FrameIndex} gives random access by frame number;
 * {@link org.jumbocap.io.CaptureWriters} writes pcap or pcapng.
 */
package org.jumbocap.io;
