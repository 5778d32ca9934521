package io.heaplab.acceptance;

import io.heaplab.cli.Main;
import io.heaplab.core.plugins.Plugins;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the heaplab command in-process, as a user would type it, and keeps what it printed. */
record Cli(int exitCode, String out, String err) {

    private static final Plugins PLUGINS = Plugins.load();

    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(PLUGINS, new PrintWriter(out), new PrintWriter(err), args);
        return new Cli(code, out.toString(), err.toString());
    }
}
