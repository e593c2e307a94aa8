package org.jumbocap.export.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * Read options for parquet-java's file reader without Hadoop's codec classes (not on this module's class
 * path at run time): pages are uncompressed with snappy-java, the one codec the writer uses.
 */
final class SnappyReading implements CompressionCodecFactory {
    private static final BytesInputDecompressor SNAPPY = new BytesInputDecompressor() {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            byte[] out = Snappy.uncompress(bytes.toByteArray());
            if (out.length != uncompressedSize) {
                throw new IOException("page uncompressed to " + out.length + " bytes, header says " + uncompressedSize);
            }
            return BytesInput.from(out);
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize) {
            throw new UnsupportedOperationException("heap pages only");
        }

        @Override
        public void release() {
        }
    };

    static ParquetReadOptions options() {
        return ParquetReadOptions.builder(new PlainParquetConfiguration()).withCodecFactory(new SnappyReading()).build();
    }

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        throw new UnsupportedOperationException("reading only");
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        if (codec != CompressionCodecName.SNAPPY) {
            throw new IllegalArgumentException("the writer compresses with snappy, not " + codec);
        }
        return SNAPPY;
    }

    @Override
    public void release() {
    }
}
