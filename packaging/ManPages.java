import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes the AsciiDoc man pages of jumbocap's command tree (jumbocap.adoc, jumbocap-read.adoc, ...)
 * into the directory given, with picocli-codegen. The subcommands are added in code, not by annotation,
 * so the tree comes from the command line's own factory. Run by build-deb.sh with Java's source launcher.
 */
public final class ManPages {
    public static void main(String[] args) throws Exception {
        PrintWriter sink = new PrintWriter(new StringWriter());
        CommandLine cl = (CommandLine) Class.forName("org.jumbocap.cli.JumbocapCommand")
                .getMethod("create", PrintWriter.class, PrintWriter.class, boolean.class)
                .invoke(null, sink, sink, false);
        int rc = ManPageGenerator.generateManPage(new File(args[0]), null, new boolean[0], true, cl.getCommandSpec());
        System.exit(rc);
    }
}
