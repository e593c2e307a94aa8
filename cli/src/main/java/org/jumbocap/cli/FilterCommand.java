package org.jumbocap.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.CaptureFilters;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.filter.BpfCompiler;
import org.jumbocap.capture.filter.ExtensionHeaderRewriter;
import org.jumbocap.cli.engine.UserException;
import org.jumbocap.io.LinkTypes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code jumbocap filter}: shows the rewritten capture filter, or its BPF program. */
@Command(name = "filter", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = {"Prints the capture filter as 'capture' gives it to libpcap: IPv6 transport tests "
                + "(tcp, udp, port, portrange, proto, tcp[...], ...) extended to walk Hop-by-Hop, Destination "
                + "Options and Routing headers, so BIG TCP jumbograms match. libpcap compiles the filter first: a "
                + "filter it rejects is a usage error (exit status 2), as in 'capture'. With -d, prints the compiled "
                + "BPF program like 'tcpdump -d'."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap filter 'tcp port 5201'", "  jumbocap filter -d 'tcp[tcpflags] & tcp-syn != 0'",
                "  tcpdump -i eth0 \"$(jumbocap filter 'tcp port 443')\""})
public final class FilterCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "EXPRESSION", arity = "1..*", description = "The capture filter; several words are joined by spaces.")
    List<String> words;

    @Option(names = {"-d", "--dump"}, description = "Print the BPF program instead of the text.")
    boolean dump;

    @Option(names = "--raw-filter", description = "Do not rewrite (with -d: the program libpcap makes of the filter as written).")
    boolean raw;

    @Option(names = "--ext-headers", paramLabel = "N", defaultValue = "" + ExtensionHeaderRewriter.DEFAULT_MAX_HEADERS,
            description = "Extension headers walked before the transport header (1-" + ExtensionHeaderRewriter.MAX_MAX_HEADERS
                    + ", default ${DEFAULT-VALUE}).")
    int extHeaders;

    @Option(names = {"-y", "--linktype"}, paramLabel = "TYPE", defaultValue = "EN10MB",
            description = "Link type to compile for: EN10MB, LINUX_SLL, LINUX_SLL2, RAW, or a number (default ${DEFAULT-VALUE}).")
    String linkTypeName;

    @Option(names = {"-s", "--snaplen"}, paramLabel = "BYTES", defaultValue = "" + CaptureSource.MAX_SNAPLEN,
            description = "Snapshot length the program returns for a match (default ${DEFAULT-VALUE}, tcpdump's; up to "
                    + CaptureSource.AF_PACKET_MAX_SNAPLEN + ", as jumbocap's AF_PACKET capture compiles it).")
    int snaplen;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (extHeaders < 1 || extHeaders > ExtensionHeaderRewriter.MAX_MAX_HEADERS) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--ext-headers must be 1.." + ExtensionHeaderRewriter.MAX_MAX_HEADERS);
        }
        if (snaplen < 1 || snaplen > CaptureSource.AF_PACKET_MAX_SNAPLEN) {
            throw new CommandLine.ParameterException(spec.commandLine(), "snaplen must be 1.." + CaptureSource.AF_PACKET_MAX_SNAPLEN);
        }
        int linkType = linkType(linkTypeName);
        String text = String.join(" ", words);
        // exactly what 'capture -f' does: libpcap checks the filter as written, then the rewritten form
        CaptureFilters.Prepared prepared;
        try {
            prepared = CaptureFilters.prepareWithin(text, raw, extHeaders, linkType, snaplen,
                    CaptureFilters.COMPILE_LIMIT_SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        } catch (CaptureException e) {
            if (e.kind() == CaptureException.Kind.LIBPCAP_MISSING) {
                throw new UserException(e.getMessage(), e);
            }
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        for (String note : prepared.notes()) {
            err.println("jumbocap filter: note: " + note);
        }
        err.flush();
        if (!dump) {
            out.println(prepared.text());
            out.flush();
            return 0;
        }
        try {
            List<BpfCompiler.Instruction> program = BpfCompiler.compile(prepared.text(), linkType, snaplen);
            out.print(BpfCompiler.disassemble(program));
            out.flush();
            return 0;
        } catch (BpfCompiler.CompileException e) {
            throw new UserException("libpcap: " + e.getMessage());
        } catch (LinkageError e) {
            throw new UserException(CaptureException.LIBPCAP_TEXT);
        }
    }

    static int linkType(String name) {
        if (name.matches("\\d{1,5}")) {
            return Integer.parseInt(name);
        }
        for (int t : new int[] {LinkTypes.NULL, LinkTypes.ETHERNET, LinkTypes.RAW, LinkTypes.LOOP, LinkTypes.LINUX_SLL,
                LinkTypes.LINUX_SLL2, LinkTypes.IPV4, LinkTypes.IPV6}) {
            if (LinkTypes.name(t).equalsIgnoreCase(name) || (name.equalsIgnoreCase("ETHERNET") && t == LinkTypes.ETHERNET)) {
                return t;
            }
        }
        throw new UserException("unknown link type '" + name + "' (EN10MB, LINUX_SLL, LINUX_SLL2, RAW or a number)");
    }
}
