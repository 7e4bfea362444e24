package org.jomp.maven;

import java.util.ArrayList;
import java.util.List;

import org.apache.maven.plugin.logging.Log;

/** A Maven log that keeps its lines, each prefixed with its level as Maven prints it. */
final class RecordingLog implements Log {

    final List<String> lines = new ArrayList<>();

    private void add(String level, CharSequence content) {
        lines.add("[" + level + "] " + content);
    }

    @Override
    public boolean isDebugEnabled() {
        return true;
    }

    @Override
    public void debug(CharSequence content) {
        add("DEBUG", content);
    }

    @Override
    public void debug(CharSequence content, Throwable error) {
        add("DEBUG", content);
    }

    @Override
    public void debug(Throwable error) {
        add("DEBUG", error.toString());
    }

    @Override
    public boolean isInfoEnabled() {
        return true;
    }

    @Override
    public void info(CharSequence content) {
        add("INFO", content);
    }

    @Override
    public void info(CharSequence content, Throwable error) {
        add("INFO", content);
    }

    @Override
    public void info(Throwable error) {
        add("INFO", error.toString());
    }

    @Override
    public boolean isWarnEnabled() {
        return true;
    }

    @Override
    public void warn(CharSequence content) {
        add("WARNING", content);
    }

    @Override
    public void warn(CharSequence content, Throwable error) {
        add("WARNING", content);
    }

    @Override
    public void warn(Throwable error) {
        add("WARNING", error.toString());
    }

    @Override
    public boolean isErrorEnabled() {
        return true;
    }

    @Override
    public void error(CharSequence content) {
        add("ERROR", content);
    }

    @Override
    public void error(CharSequence content, Throwable error) {
        add("ERROR", content);
    }

    @Override
    public void error(Throwable error) {
        add("ERROR", error.toString());
    }
}
