package org.jumbocap.export.parquet;

import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Page compression for the writer without Hadoop: parquet-java's own codec factory builds on Hadoop's
 * codec classes, so the writer gets this one, which compresses with snappy-java (a dependency of
 * parquet-java already) or not at all. Writing only: it has no decompressors.
 */
final class SnappyCodecs implements CompressionCodecFactory {
    private static final BytesInputCompressor SNAPPY = new BytesInputCompressor() {
        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            return BytesInput.from(Snappy.compress(bytes.toByteArray()));
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.SNAPPY;
        }

        @Override
        public void release() {
        }
    };

    private static final BytesInputCompressor NONE = new BytesInputCompressor() {
        @Override
        public BytesInput compress(BytesInput bytes) {
            return bytes;
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.UNCOMPRESSED;
        }

        @Override
        public void release() {
        }
    };

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return switch (codec) {
            case SNAPPY -> SNAPPY;
            case UNCOMPRESSED -> NONE;
            default -> throw new IllegalArgumentException("codec " + codec + " is not built in; use SNAPPY or UNCOMPRESSED");
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        throw new UnsupportedOperationException("the export writer does not read Parquet");
    }

    @Override
    public void release() {
    }
}
