package org.jumbocap.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jumbocap completion}: the bash (and zsh) completion script picocli generates. */
@Command(name = "completion", mixinStandardHelpOptions = true,
        description = {"Prints the bash completion script for jumbocap.",
                "zsh can load it too after 'autoload -U +X bashcompinit && bashcompinit'."},
        footerHeading = "%nExamples:%n",
        footer = {"  source <(jumbocap completion)",
                "  jumbocap completion > /etc/bash_completion.d/jumbocap"})
public final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine root = spec.root().commandLine();
        spec.commandLine().getOut().print(AutoComplete.bash(spec.root().name(), root));
        spec.commandLine().getOut().flush();
        return CommandLine.ExitCode.OK;
    }
}
