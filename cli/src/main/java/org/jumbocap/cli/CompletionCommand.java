package org.jumbocap.cli;

import org.jumbocap.cli.render.FieldColumns;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.jumbocap.dissect.DissectorRegistry;
import org.jumbocap.field.FieldDef;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code jumbocap completion}: the bash (and zsh) completion script picocli generates, and in front of it
 * what picocli's static lists cannot know: {@code -i} completes the interfaces of the machine it runs on,
 * {@code -e} the field names (and tshark's {@code _ws.col.*} columns), {@code -Y} the field name a filter starts with,
 * {@code -r} and {@code -w} file names.
 */
@Command(name = "completion", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = {"Prints the bash completion script for jumbocap.",
                "-i completes the interfaces of the running system, -e and -Y the field names.",
                "zsh can load it too after 'autoload -U +X bashcompinit && bashcompinit'."},
        footerHeading = "%nExamples:%n",
        footer = {"  source <(jumbocap completion)",
                "  jumbocap completion > /etc/bash_completion.d/jumbocap"})
public final class CompletionCommand implements Callable<Integer> {
    /** picocli's completion function for the root command, which the script below falls back to. */
    private static final String PICOCLI_FUNCTION = "_complete_jumbocap";

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine root = spec.root().commandLine();
        PrintWriter out = spec.commandLine().getOut();
        out.print(AutoComplete.bash(spec.root().name(), root));
        out.print(valuesScript());
        out.flush();
        return CommandLine.ExitCode.OK;
    }

    /** A wrapper that completes the values of -i and -e, then registers itself in place of picocli's function. */
    static String valuesScript() {
        StringBuilder fields = new StringBuilder();
        for (FieldDef f : DissectorRegistry.standard().fields().all()) {
            fields.append(fields.length() == 0 ? "" : " ").append(f.name());
        }
        // tshark's packet-list columns, which -e takes too
        for (String column : new java.util.TreeSet<>(FieldColumns.columnNames())) {
            fields.append(' ').append(column);
        }
        return "\n# jumbocap: values picocli's lists cannot hold\n"
                + "_jumbocap_field_names='" + fields + "'\n"
                + "function _complete_jumbocap_values() {\n"
                + "  local prev=\"${COMP_WORDS[COMP_CWORD-1]}\" cur=\"${COMP_WORDS[COMP_CWORD]}\"\n"
                + "  case \"$prev\" in\n"
                + "    -i|--interface)\n"
                + "      COMPREPLY=( $(compgen -W \"$(ls /sys/class/net 2>/dev/null)\" -- \"$cur\") ); return 0 ;;\n"
                + "    -e)\n"
                + "      COMPREPLY=( $(compgen -W \"$_jumbocap_field_names\" -- \"$cur\") ); return 0 ;;\n"
                // a display filter starts with a field name more often than not: 'ipv6.opt.j<TAB>'
                + "    -Y|--display-filter|-R)\n"
                + "      COMPREPLY=( $(compgen -W \"$_jumbocap_field_names\" -- \"$cur\") ); return 0 ;;\n"
                // a capture file to read or write, tshark's -r and -w: file names, directories to go on into
                + "    -r|-w|--write)\n"
                + "      compopt -o filenames 2>/dev/null\n"
                + "      COMPREPLY=( $(compgen -f -- \"$cur\") ); return 0 ;;\n"
                + "  esac\n"
                + "  " + PICOCLI_FUNCTION + " \"$@\"\n"
                + "}\n"
                + "complete -F _complete_jumbocap_values -o default jumbocap\n";
    }
}
