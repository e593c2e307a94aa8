package org.jumbocap.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code read}'s text goes to standard output as the UTF-8 bytes it was made in; through a plain writer it
 * goes as text. Both must be the same bytes, for every sample, crafted and fuzzed ones included (their
 * strings from packets carry controls and invalid UTF-8 that SafeText escapes).
 */
class Utf8StandardOutputTest {
    static Stream<Path> samples() {
        try (Stream<Path> s = Files.walk(Cli.SAMPLES)) {
            return s.filter(p -> p.toString().matches(".*\\.pcap(ng)?$")).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void bytesWrittenDirectlyAreTheTextEncoded(Path sample) {
        for (List<String> options : List.<List<String>>of(List.of(), List.of("-t", "a"), List.of("-x", "--max-hex-bytes", "64"))) {
            String[] args = Stream.concat(Stream.of("read"), Stream.concat(options.stream(), Stream.of(sample.toString())))
                    .toArray(String[]::new);
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            StringWriter bytesErr = new StringWriter();
            int bytesCode = Main.run(args, stdout, new PrintWriter(bytesErr), false);

            StringWriter text = new StringWriter();
            StringWriter textErr = new StringWriter();
            int textCode = JumbocapCommand.execute(args, new PrintWriter(text), new PrintWriter(textErr), false);

            assertEquals(textCode, bytesCode, sample + " " + options);
            assertEquals(textErr.toString(), bytesErr.toString(), sample + " " + options);
            assertArrayEquals(text.toString().getBytes(StandardCharsets.UTF_8), stdout.toByteArray(),
                    sample + " " + options);
        }
    }
}
