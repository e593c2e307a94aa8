package org.jumbocap.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jumbocap.cli.engine.UserException;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.field.FieldDef;
import org.jumbocap.field.FieldRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import org.jumbocap.field.FieldType;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code jumbocap fields}: every field the dissectors declare, like {@code tshark -G fields}. */
@Command(name = "fields", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = {"Lists the field names for -Y, -e and JSON.",
                "Every field name with its type and description, tab separated (like tshark -G fields)."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap fields", "  jumbocap fields ipv6.opt", "  jumbocap fields jumbo"})
public final class FieldsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "PREFIX", description = "Only fields whose name starts with PREFIX.")
    String prefix;

    @Option(names = "--tshark-layout",
            description = "One line per protocol (P) and field (F) as tshark -G fields prints them: label, name, "
                    + "type, protocol, base, bitmask, description.")
    boolean tsharkLayout;

    @Override
    public Integer call() {
        FieldRegistry registry = DissectorRegistry.standard().fields();
        List<FieldDef> defs = prefix == null ? registry.all() : registry.withPrefix(prefix);
        if (defs.isEmpty()) {
            String hint = registry.nearest(prefix).map(n -> " (did you mean '" + n + "'?)").orElse("");
            throw new UserException("no field name starts with '" + prefix + "'" + hint);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (tsharkLayout) {
            for (FieldDef f : defs) {
                out.append(tsharkLine(f)).append('\n');
            }
            out.flush();
            return CommandLine.ExitCode.OK;
        }
        for (FieldDef f : defs) {
            out.append(f.name()).append('\t').append(f.type().name().toLowerCase(Locale.ROOT)).append('\t')
                    .append(f.description()).append('\n');
        }
        out.flush();
        return CommandLine.ExitCode.OK;
    }

    /** A field as a line of {@code tshark -G fields}: {@code P label name}, or {@code F label name FT_TYPE protocol BASE_ 0x0 blurb}. */
    static String tsharkLine(FieldDef f) {
        if (f.type() == FieldType.PROTOCOL) {
            return "P\t" + f.label() + "\t" + f.name();
        }
        String type = switch (f.type()) {
            case IPV4 -> "FT_IPv4";
            case IPV6 -> "FT_IPv6";
            case TIMESTAMP -> "FT_ABSOLUTE_TIME";
            default -> "FT_" + f.type().name();
        };
        String base = f.type().isInteger() && f.type() != FieldType.BOOLEAN ? "BASE_" + f.base().name() : "BASE_NONE";
        return "F\t" + f.label() + "\t" + f.name() + "\t" + type + "\t" + f.protocolName() + "\t" + base + "\t0x0\t"
                + f.description();
    }
}
