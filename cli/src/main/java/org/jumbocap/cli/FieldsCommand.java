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
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code jumbocap fields}: every field the dissectors declare, like {@code tshark -G fields}. */
@Command(name = "fields", mixinStandardHelpOptions = true,
        description = {"Lists the field names for -Y, -e and JSON.",
                "Every field name with its type and description, tab separated (like tshark -G fields)."},
        footerHeading = "%nExamples:%n",
        footer = {"  jumbocap fields", "  jumbocap fields ipv6.opt", "  jumbocap fields jumbo"})
public final class FieldsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "PREFIX", description = "Only fields whose name starts with PREFIX.")
    String prefix;

    @Override
    public Integer call() {
        FieldRegistry registry = DissectorRegistry.standard().fields();
        List<FieldDef> defs = prefix == null ? registry.all() : registry.withPrefix(prefix);
        if (defs.isEmpty()) {
            String hint = registry.nearest(prefix).map(n -> " (did you mean '" + n + "'?)").orElse("");
            throw new UserException("no field name starts with '" + prefix + "'" + hint);
        }
        PrintWriter out = spec.commandLine().getOut();
        for (FieldDef f : defs) {
            out.append(f.name()).append('\t').append(f.type().name().toLowerCase(Locale.ROOT)).append('\t')
                    .append(f.description()).append('\n');
        }
        out.flush();
        return CommandLine.ExitCode.OK;
    }
}
