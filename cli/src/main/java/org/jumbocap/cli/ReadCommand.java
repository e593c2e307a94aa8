package org.jumbocap.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jumbocap.cli.engine.CaptureOutput;
import org.jumbocap.render.FrameContext;
import org.jumbocap.capture.FileCaptureFilter;
import org.jumbocap.cli.engine.FrameFilter;
import org.jumbocap.cli.engine.FrameLoop;
import org.jumbocap.render.Colors;
import org.jumbocap.cli.render.FieldColumns;
import org.jumbocap.cli.tshark.Pdml;
import org.jumbocap.cli.tshark.Psml;
import org.jumbocap.cli.tshark.TsharkJson;
import org.jumbocap.cli.tshark.TsharkStatistics;
import org.jumbocap.cli.progress.ProgressLine;
import org.jumbocap.render.HexDump;
import org.jumbocap.render.Json;
import org.jumbocap.render.JsonFrame;
import org.jumbocap.render.SafeText;
import org.jumbocap.render.SummaryLine;
import org.jumbocap.render.Utf8Text;
import org.jumbocap.render.TimeFormat;
import org.jumbocap.render.TreeText;
import org.jumbocap.displayfilter.CompiledFilter;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.dissect.FrameDissector;
import org.jumbocap.dissect.Tables;
import org.jumbocap.field.FieldRegistry;
import org.jumbocap.pipeline.FramePipeline;
import org.jumbocap.pipeline.tcp.DnsResponses;
import org.jumbocap.pipeline.tcp.TcpConversations;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code jumbocap read}: frames as summary lines, a field tree, hex, JSON or chosen fields. */
@Command(name = "read", addMethodSubcommands = false, sortOptions = false, versionProvider = JumbocapCommand.Version.class,
        description = {"Prints the frames of capture files, marking jumbograms and BIG TCP super-packets.",
                "One summary line per frame, or the full field tree (-V), hex (-x), JSON (-T json|ndjson) "
                        + "or chosen fields (-T fields -e ...). Jumbograms and BIG TCP super-packets are "
                        + "marked with their real length and kind, errors and warnings with their expert id."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  jumbocap read samples/ipv6-bigtcp-veth.pcap | head",
                "  jumbocap read -Y 'tcp.port == 5201' -c 20 capture.pcap",
                "  jumbocap read -Y jumbo -V -x --max-hex-bytes 128 capture.pcapng",
                "  jumbocap read -T fields -E header=y -e frame.number -e jumbo.kind \\",
                "      -e jumbo.length capture.pcap",
                "  jumbocap read -T ndjson capture.pcap | jq .layers[].protocol",
                "  jumbocap read -Y 'tcp.analysis.flags' capture.pcap      # retransmissions, losses, ...",
                "  jumbocap read -Y 'tcp.stream == 3' capture.pcap",
                "  tcpdump -w - -i eth0 | jumbocap read -",
                "  jumbocap read -Y 'jumbo' -w jumbograms.pcapng capture.pcap",
                "  jumbocap read capture.pcap 'tcp port 5201'   # a capture filter, as tcpdump -r takes it",
                "  jumbocap -r capture.pcap -q -z conv,tcp -z expert  # tshark's reports, in its layout",
                "",
                "-Y takes a display filter (Wireshark's fields: 'tcp.port == 5201'); words after the",
                "files that are no file are a capture filter (libpcap's grammar, as tcpdump takes it:",
                "'tcp port 5201'), which here also sees TCP and UDP behind IPv6 extension headers",
                "(the Jumbo Payload option of a BIG TCP super-packet).",
                "",
                "A summary line reads: number, time, source -> destination, protocol,",
                "length on the wire, info (TCP: analysis marks such as [TCP Retransmission],",
                "flags, relative Seq/Ack, Win, Len), then [JUMBO ipv6-hbh N B] or",
                "[BIG TCP ipv6-zero-length|ipv4-zero-length N B] with the real layer-3",
                "payload length, and [!ERROR id] / [!WARN id] for expert findings."})
public final class ReadCommand implements Callable<Integer> {
    /** Output formats of {@code -T}. */
    enum Format {
        text, json, ndjson, fields, ek, psml, pdml
    }

    @Spec
    CommandSpec spec;

    @Mixin
    CaptureInputs inputs;

    // -V is the tree here, as in tshark, so the standard help mixin (which takes -V for the version) is not used
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = "--version", versionHelp = true, description = "Print version information and exit.")
    boolean version;

    @Option(names = "-t", paramLabel = "a|r|d|e", defaultValue = "r",
            description = "Time format: a absolute (UTC date and time), r relative to the first frame "
                    + "(default), d delta from the previous frame, e seconds since the epoch.")
    String time;

    /** tshark's -t word before it became read's ({@code ad} is read's {@code a}), for -z io,stat's rows. */
    @Option(names = "--tshark-time", hidden = true)
    String tsharkTime;

    @Option(names = "-2", description = "Read each file twice, as tshark -2: a first pass learns what later frames "
            + "tell about earlier ones (a DNS query's dns.response_in, the frame of its response). Standard input is read once.")
    boolean twoPass;

    @Option(names = "-V", description = "Print the full field tree of each frame, with expert items.")
    boolean verbose;

    @Option(names = "--link-header", description = "Print each frame's link-level header on its summary line "
            + "as tcpdump -e does (Ethernet: MAC > MAC, ethertype, length; Linux cooked: direction, address; "
            + "null/loopback: AF; raw IP: ip:); tcpdump's -e with no field name after it means this.")
    boolean linkHeader;

    @Option(names = "-x", description = "Print the bytes of each frame as hex and ASCII.")
    boolean hex;

    @Option(names = "--max-hex-bytes", paramLabel = "N", defaultValue = "512",
            description = "Dump at most N bytes per frame with -x (default ${DEFAULT-VALUE}).")
    int maxHexBytes;

    @Option(names = "-T", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--json-layout", paramLabel = "jumbocap|tshark", defaultValue = "jumbocap",
            description = "The objects of -T json and ndjson: jumbocap's own (default), or tshark's -T json layout "
                    + "(_index, _type, _score, _source.layers with every value a string, subfields in NAME_tree, a "
                    + "repeated name an array) for pipelines written against tshark. -T ek is tshark's Elasticsearch bulk format.")
    String jsonLayout;

    @Option(names = "-e", paramLabel = "FIELD", description = "A field to print with -T fields, or alone in tshark's -T json|ndjson|ek layout (repeatable).")
    List<String> fields = new ArrayList<>();

    @Option(names = "-E", paramLabel = "OPTION",
            description = "Field output option with -T fields (repeatable): header=y|n, separator=C|/t|/s, "
                    + "quote=d|s|n, occurrence=f|l|a, aggregator=C|/t|/s.")
    List<String> fieldOptions = new ArrayList<>();

    @Option(names = "-w", paramLabel = "FILE",
            description = "Write the frames that pass -Y to FILE, unchanged, instead of printing them: pcapng "
                    + "when it ends in .pcapng, else pcap; '-' is standard output.")
    String writeFile;

    @Option(names = "--verify-checksums", negatable = true,
            description = "Sum the bytes every TCP, UDP and ICMP checksum covers and mark bad ones "
                    + "(--no-verify-checksums: never). Default: only where the output shows checksums: -V, "
                    + "-T json|ndjson, a checksum or expert field in -e or -Y. The offload judgement "
                    + "(pseudo-header sum only) is always made.")
    Boolean verifyChecksums;

    @Option(names = {"-l", "--line-buffered"},
            description = "Flush the output after each frame, for a pipe read as it comes (tshark's and tcpdump's -l).")
    boolean lineBuffered;

    @Option(names = {"-q", "--quiet"},
            description = "Print no frame (tshark's -q): with -w only the file is written; the exit status says "
                    + "whether every file was read.")
    boolean quiet;

    @Option(names = "-F", paramLabel = "pcap|pcapng",
            description = "The format -w writes, whatever the file's name ends in (tshark's -F).")
    String writeFormat;

    @Option(names = "--raw-sequence-numbers",
            description = "Show TCP sequence and acknowledgment numbers as sent, in summary lines and in "
                    + "tcp.seq, tcp.ack and tcp.nxtseq (tshark's -o tcp.relative_sequence_numbers:FALSE). "
                    + "Default: relative to each conversation's first.")
    boolean rawSequenceNumbers;

    @Option(names = "--max-flows", paramLabel = "N", defaultValue = "" + TcpConversations.DEFAULT_MAX_OPEN,
            description = "Follow at most N TCP conversations at once for the analysis and stream numbers (default "
                    + "${DEFAULT-VALUE}); past it the least recently seen is forgotten, and said. Lower it for a small "
                    + "heap: a million open connections need some 1 KB each up to the cap.")
    int maxFlows;

    @Option(names = {"-d", "--decode-as"}, paramLabel = "tcp.port==N,PROTO",
            description = "Decode the payload on a TCP or UDP port (or a range N-M) as PROTO, as tshark's -d: "
                    + "tcp.port==8080,http, udp.port==4790,vxlan (repeatable).")
    List<String> decodeAs = new ArrayList<>();

    @Option(names = "-z", paramLabel = "STATISTIC",
            description = "A report in tshark's layout after the frames (repeatable; with -q alone): "
                    + "conv,eth|ip|ipv6|tcp|udp[,FILTER], endpoints,eth|ip|ipv6|tcp|udp[,FILTER], expert[,LEVEL][,FILTER], "
                    + "follow,tcp,raw|ascii|hex|yaml,N, io,stat,INTERVAL[,FILTER...], io,phs. The tables add the jumbograms and super-packets after "
                    + "tshark's columns; they count the frames that pass -Y.")
    List<String> statistics = new ArrayList<>();

    @Override
    public Integer call() {
        if (maxFlows < 1) {
            throw usage("--max-flows must be at least 1");
        }
        TimeFormat timeFormat = TimeFormat.of(time);
        if (timeFormat == null) {
            throw usage("-t " + time + ": expected a, r, d or e");
        }
        if (maxHexBytes < 0) {
            throw usage("--max-hex-bytes must not be negative");
        }
        if (writeFormat != null && !writeFormat.equals("pcap") && !writeFormat.equals("pcapng")) {
            throw usage("-F " + writeFormat + ": jumbocap writes pcap or pcapng");
        }
        if (writeFormat != null && writeFile == null) {
            throw usage("-F needs -w FILE");
        }
        if (!jsonLayout.equals("jumbocap") && !jsonLayout.equals("tshark")) {
            throw usage("--json-layout " + jsonLayout + ": expected jumbocap or tshark");
        }
        if (jsonLayout.equals("tshark") && format != Format.json && format != Format.ndjson) {
            throw usage("--json-layout tshark goes with -T json or ndjson (-T ek is tshark's bulk format already)");
        }
        // tshark's -T json|ek -e FIELD...: the chosen fields alone, in tshark's layout
        boolean jsonFields = !fields.isEmpty() && (format == Format.json || format == Format.ndjson || format == Format.ek);
        FieldColumns columns = format == Format.fields || jsonFields ? columns() : null;
        if (format != Format.fields && !jsonFields && !fields.isEmpty() || format != Format.fields && !fieldOptions.isEmpty()) {
            throw usage("-e needs -T fields, json or ek, and -E -T fields (tcpdump's -e, the link-level header on each line, is --link-header)");
        }
        if (linkHeader && format != Format.text) {
            throw usage("--link-header adds to the text lines (-T text)");
        }
        try (FileCaptureFilter captureFilter = inputs.takeTrailingCaptureFilter()) {
            return read(timeFormat, columns, captureFilter);
        }
    }

    private Integer read(TimeFormat timeFormat, FieldColumns columns, FileCaptureFilter captureFilter) {
        FrameFilter filter = inputs.filter();
        if (writeFile != null) {
            if (!statistics.isEmpty()) {
                throw usage("-z goes with the frames printed, not with -w: read the written file with -q -z");
            }
            return write(filter, captureFilter);
        }
        boolean verify = verifyChecksums != null ? verifyChecksums : checksumsShown(filter);
        boolean recordAlone = format == Format.fields && columns.fromRecordAlone();
        JumbocapCommand root = JumbocapCommand.of(spec);
        PrintWriter out = lineBuffered ? flushingPerFrame(spec.commandLine().getOut()) : spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Colors colors = Colors.of(root.color() && format == Format.text);
        boolean tsharkLayout = jsonLayout.equals("tshark");
        JsonArraySink jsonArray = new JsonArraySink(out, tsharkLayout, columns);
        FrameLoop.Sink sink = switch (format) {
            case text -> textSink(out, timeFormat, colors);
            case json -> jsonArray;
            case ndjson -> new LineSink(out) {
                @Override
                public void render(FramePipeline frame, FrameContext context, StringBuilder s) {
                    if (columns != null) {
                        TsharkJson.json(frame.tree(), context, columns, new Json(s));
                    } else if (tsharkLayout) {
                        TsharkJson.json(frame.tree(), new Json(s));
                    } else {
                        JsonFrame.render(frame.tree(), context, new Json(s));
                    }
                    s.append('\n');
                }
            };
            case psml -> new LineSink(out) {
                private final Psml psml = new Psml(timeFormat);

                @Override
                public void render(FramePipeline frame, FrameContext context, StringBuilder s) {
                    psml.packet(frame.tree(), context, s);
                }
            };
            case pdml -> new LineSink(out) {
                @Override
                public void render(FramePipeline frame, FrameContext context, StringBuilder s) {
                    Pdml.packet(frame.tree(), s);
                }
            };
            case ek -> new LineSink(out) {
                @Override
                public void render(FramePipeline frame, FrameContext context, StringBuilder s) {
                    StringBuilder doc = new StringBuilder(1024);
                    if (columns != null) {
                        TsharkJson.ek(frame.tree(), context, columns, new Json(s), new Json(doc));
                    } else {
                        TsharkJson.ek(frame.tree(), new Json(s), new Json(doc));
                    }
                    s.append('\n').append(doc).append('\n');
                }
            };
            case fields -> new LineSink(out) {
                @Override
                public boolean readsRecordAlone() {
                    return recordAlone;
                }

                @Override
                public boolean rendersUtf8() {
                    return recordAlone;
                }

                @Override
                public void render(FramePipeline frame, FrameContext context, Utf8Text s) {
                    columns.appendLine(frame.frame(), s).append('\n');
                }

                @Override
                public void write(byte[] utf8, int start, int end) {
                    if (out instanceof Utf8PrintWriter bytes) {
                        bytes.writeUtf8(utf8, start, end - start);
                    } else {
                        out.append(new String(utf8, start, end - start, StandardCharsets.UTF_8));
                    }
                }

                @Override
                public void render(FramePipeline frame, FrameContext context, StringBuilder s) {
                    // frame.number and the lengths come from the record: no tree for a filtered list of frames
                    if (recordAlone) {
                        columns.appendLine(frame.frame(), s);
                    } else {
                        s.append(columns.line(frame.tree(), context));
                    }
                    s.append('\n');
                }
            };
        };
        if (quiet) {
            sink = (frame, context) -> { };
        }
        TsharkStatistics reports = tsharkStatistics();
        if (!reports.isEmpty()) {
            sink = reports.around(sink);
        }
        if (format == Format.fields && columns.header() != null && !quiet) {
            out.println(columns.header());
        }
        if (format == Format.json && !quiet) {
            out.append('[');
        }
        if (format == Format.psml && !quiet) {
            out.append(Psml.head());
        }
        if (format == Format.pdml && !quiet) {
            out.append(Pdml.head(inputs.files().get(0), java.time.ZonedDateTime.now()));
        }
        FrameLoop loop = new FrameLoop(filter, inputs.count(), verify, !rawSequenceNumbers, inputs.threads(), maxFlows,
                new FrameDissector(decoders())).captureFilter(captureFilter).twoPass(twoPass);
        boolean ok = loop.run(inputs.files(), sink, out, err, root.debug());
        if (loop.pairingsDropped() > 0) {
            out.flush();
            err.println("jumbocap: note: -2 kept " + DnsResponses.CAP + " DNS pairings per file; the queries of "
                    + loop.pairingsDropped() + " later ones have no dns.response_in");
            err.flush();
        }
        if (loop.readOnce() > 0) {
            out.flush();
            err.println("jumbocap: note: -2 reads standard input once: its DNS queries have no dns.response_in");
            err.flush();
        }
        if (loop.conversationsForgotten() > 0) {
            out.flush();
            err.println("jumbocap: note: more than " + maxFlows + " TCP conversations were open at once (--max-flows); "
                    + loop.conversationsForgotten() + " least recently seen ones were forgotten, and their later frames "
                    + "start new streams");
            err.flush();
        }
        if (format == Format.json && !quiet) {
            jsonArray.close();
        }
        if (format == Format.psml && !quiet) {
            out.append(Psml.tail());
        }
        if (format == Format.pdml && !quiet) {
            out.append(Pdml.tail());
        }
        if (!reports.isEmpty()) {
            out.print(reports.render());
        }
        out.flush();
        return ok ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }

    /** {@code -l}: the text of each frame reaches the pipe before the next frame is read. */
    private static PrintWriter flushingPerFrame(PrintWriter out) {
        return new PrintWriter(out) {
            @Override
            public PrintWriter append(CharSequence text) {
                super.append(text);
                flush();
                return this;
            }
        };
    }

    /** Text per frame, written as rendered. */
    private abstract static class LineSink implements FrameLoop.RenderingSink {
        private final PrintWriter out;
        private final CharCopier copier = new CharCopier();

        LineSink(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void write(CharSequence text) {
            out.append(text);
        }

        @Override
        public void write(CharSequence text, int start, int end) {
            copier.write(out, text, start, end);
        }
    }

    /**
     * Writes part of a StringBuilder through a reused array: the Writer's own {@code append(text, start,
     * end)} would make a String of it first, one per frame.
     */
    private static final class CharCopier {
        private char[] chars = new char[256];

        void write(PrintWriter out, CharSequence text, int start, int end) {
            if (!(text instanceof StringBuilder sb)) {
                out.append(text, start, end);
                return;
            }
            int n = end - start;
            if (chars.length < n) {
                chars = new char[Math.max(n, chars.length * 2)];
            }
            sb.getChars(start, end, chars, 0);
            out.write(chars, 0, n);
        }
    }

    /** {@code -w}: the frames that pass the filter, byte for byte, to a capture file. */
    private Integer write(FrameFilter filter, FileCaptureFilter captureFilter) {
        CaptureOutput output = new CaptureOutput(writeFile, JumbocapCommand.of(spec).standardOutput());
        if (writeFormat != null) {
            output.format(writeFormat.equals("pcapng"));
        }
        for (String f : inputs.files()) {
            if (output.sameFileAs(f)) {
                throw usage("-w " + writeFile + " is also an input file");
            }
        }
        JumbocapCommand root = JumbocapCommand.of(spec);
        boolean verify = verifyChecksums != null ? verifyChecksums : checksumsShown(filter);
        boolean ok;
        ProgressLine progress = ProgressLine.forFiles(inputs.files(), quiet || inputs.noProgress(), spec.commandLine().getErr());
        try (output) {
            output.reserve();
            ok = new FrameLoop(filter, inputs.count(), verify, true, inputs.threads(), TcpConversations.DEFAULT_MAX_OPEN,
                    new FrameDissector(decoders())).captureFilter(captureFilter)
                    .run(inputs.files(), ProgressLine.around(progress, new FrameLoop.Sink() {
                        @Override
                        public void frame(FramePipeline frame, FrameContext context) {
                            try {
                                output.writerFor(frame.frame()).write(frame.frame());
                            } catch (IOException e) {
                                throw output.failed(e);
                            }
                        }

                        @Override
                        public boolean readsRecordAlone() {
                            return true; // the frames as they are: a filter on header fields needs no decode
                        }
                    }), spec.commandLine().getOut(), spec.commandLine().getErr(), root.debug());
            ProgressLine.finish(progress);
            output.finish();
        } catch (IOException e) {
            throw output.failed(e);
        }
        return ok ? CommandLine.ExitCode.OK : CommandLine.ExitCode.SOFTWARE;
    }

    /** The frames as the elements of one JSON array, whose brackets the caller writes. */
    private static final class JsonArraySink implements FrameLoop.RenderingSink {
        private final PrintWriter out;
        private final boolean tsharkLayout;
        private final FieldColumns columns;
        private boolean empty = true;

        JsonArraySink(PrintWriter out, boolean tsharkLayout, FieldColumns columns) {
            this.out = out;
            this.tsharkLayout = tsharkLayout;
            this.columns = columns;
        }

        @Override
        public void render(FramePipeline frame, FrameContext context, StringBuilder s) {
            if (columns != null) {
                TsharkJson.json(frame.tree(), context, columns, new Json(s));
            } else if (tsharkLayout) {
                TsharkJson.json(frame.tree(), new Json(s));
            } else {
                JsonFrame.render(frame.tree(), context, new Json(s));
            }
        }

        @Override
        public void write(CharSequence element) {
            out.append(empty ? "\n" : ",\n").append(element);
            empty = false;
        }

        void close() {
            out.append(empty ? "]\n" : "\n]\n");
        }
    }

    private FrameLoop.Sink textSink(PrintWriter out, TimeFormat timeFormat, Colors colors) {
        SummaryLine summary = new SummaryLine(timeFormat, colors, linkHeader);
        TreeText treeText = new TreeText(colors);
        boolean several = inputs.files().size() > 1;
        CharCopier copier = new CharCopier();
        return new FrameLoop.RenderingSink() {
            @Override
            public void startFile(String file) {
                if (several) {
                    out.append(colors.bold("# " + SafeText.of(file))).append('\n');
                }
            }

            @Override
            public void write(CharSequence text) {
                out.append(text);
            }

            @Override
            public void write(CharSequence text, int start, int end) {
                copier.write(out, text, start, end);
            }

            @Override
            public boolean rendersUtf8() {
                return true;
            }

            @Override
            public void write(byte[] utf8, int start, int end) {
                if (out instanceof Utf8PrintWriter bytes) {
                    bytes.writeUtf8(utf8, start, end - start);
                } else {
                    out.append(new String(utf8, start, end - start, StandardCharsets.UTF_8));
                }
            }

            @Override
            public void render(FramePipeline frame, FrameContext context, StringBuilder s) {
                Utf8Text text = new Utf8Text(256);
                render(frame, context, text);
                s.append(text);
            }

            @Override
            public void render(FramePipeline frame, FrameContext context, Utf8Text s) {
                // the line comes from the summary where it can, so most frames are never dissected in full;
                // as UTF-8 bytes, so a line with its arrow is not held as UTF-16 and encoded again
                if (verbose || frame.hasTree()
                        || !summary.render(frame.summary(), frame.tcpAnalysis(), frame.frame(), context, s)) {
                    s.append(summary.render(frame.tree(), context));
                }
                s.append('\n');
                if (verbose || hex) {
                    StringBuilder more = new StringBuilder(1024);
                    if (verbose) {
                        treeText.render(frame.tree(), more);
                    }
                    if (hex) {
                        HexDump.render(frame.frame().data(), frame.frame().capturedLength(), maxHexBytes,
                                frame.frame().originalLength(), more);
                    }
                    s.append(more.append('\n'));
                }
            }
        };
    }

    /**
     * Whether the output shows checksum verdicts, so they must be verified: the tree (-V), JSON, or a field
     * or filter that names a checksum or an expert item (a bad checksum is one).
     */
    private boolean checksumsShown(FrameFilter filter) {
        if (verbose || format == Format.json || format == Format.ndjson || format == Format.ek || format == Format.pdml) {
            return true;
        }
        if (filter != null && filter.compiled().readsChecksums()) {
            return true;
        }
        return fields.stream().anyMatch(CompiledFilter::showsChecksums);
    }

    /** tshark's -d: tcp.port==8080,http or udp.port==4789-4790,vxlan; compiled on the first -d, not at start-up. */
    private static final class DecodeAs {
        static final java.util.regex.Pattern PATTERN = java.util.regex.Pattern.compile(
                "\\s*(tcp|udp)\\.port\\s*==\\s*(\\d{1,5})(?:\\s*-\\s*(\\d{1,5}))?\\s*,\\s*([A-Za-z0-9_.]+)\\s*");
    }

    /** The standard decoders with each {@code -d} applied, in order. */
    private DissectorRegistry decoders() {
        DissectorRegistry registry = DissectorRegistry.standard();
        for (String d : decodeAs) {
            java.util.regex.Matcher m = DecodeAs.PATTERN.matcher(d);
            if (!m.matches()) {
                throw usage("-d " + SafeText.of(d) + ": expected tcp.port==PORT,PROTO or udp.port==PORT,PROTO (PORT or FROM-TO)");
            }
            int from = Integer.parseInt(m.group(2));
            int to = m.group(3) == null ? from : Integer.parseInt(m.group(3));
            if (from > 65535 || to > 65535 || to < from) {
                throw usage("-d " + SafeText.of(d) + ": ports are 0 to 65535, FROM-TO with FROM <= TO");
            }
            String table = m.group(1).equals("tcp") ? Tables.TCP_PORT : Tables.UDP_PORT;
            try {
                registry = registry.decodeAs(table, from, to, m.group(4));
            } catch (IllegalArgumentException e) {
                throw usage("-d " + SafeText.of(d) + ": " + e.getMessage());
            }
        }
        return registry;
    }

    private TsharkStatistics tsharkStatistics() {
        try {
            // tshark's -t word as typed (read's own -t a is UTC with the date, tshark's ud)
            return new TsharkStatistics(statistics, tsharkTime != null ? tsharkTime : time.equals("a") ? "ud" : time);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private FieldColumns columns() {
        if (fields.isEmpty()) {
            throw usage("-T fields needs at least one -e FIELD");
        }
        FieldRegistry registry = DissectorRegistry.standard().fields();
        for (String f : fields) {
            if (!registry.contains(f) && !FieldColumns.isColumn(f)) {
                String hint = registry.nearest(f).map(n -> " (did you mean '" + n + "'?)").orElse("");
                throw usage("-e " + f + ": unknown field" + hint + "; 'jumbocap fields' lists them");
            }
        }
        FieldColumns columns = new FieldColumns(fields);
        columns.timeFormat(TimeFormat.of(time));
        for (String o : fieldOptions) {
            try {
                columns.option(o);
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }
        return columns;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
