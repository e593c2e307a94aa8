/**
 * Capture files by name: {@link org.jumbocap.io.files.CaptureFiles} opens pcap or pcapng by magic number
 * (files, streams, stdin, gzip), {@link org.jumbocap.io.files.FrameIndex} gives random access by frame
 * number, and {@link org.jumbocap.io.files.CaptureWriters} creates pcap or pcapng by the file's extension.
 * It sits above the formats it chooses between, so they and the records they share never depend on it.
 */
package org.jumbocap.io.files;
