package org.jomp.maven;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

import org.sonatype.plexus.build.incremental.DefaultBuildContext;

/** A build context as an IDE would give: it records written files, refreshed files and problem markers. */
final class RecordingBuildContext extends DefaultBuildContext {

    /** A problem marker. */
    record Marker(File file, int line, int column, String message, int severity) {
    }

    final List<File> written = new ArrayList<>();
    final List<File> refreshed = new ArrayList<>();
    final List<Marker> markers = new ArrayList<>();
    final List<File> cleared = new ArrayList<>();

    @Override
    public OutputStream newFileOutputStream(File file) throws IOException {
        written.add(file);
        return super.newFileOutputStream(file);
    }

    @Override
    public void refresh(File file) {
        refreshed.add(file);
    }

    @Override
    public void addMessage(File file, int line, int column, String message, int severity, Throwable cause) {
        markers.add(new Marker(file, line, column, message, severity));
    }

    @Override
    public void removeMessages(File file) {
        cleared.add(file);
    }

    void forget() {
        written.clear();
        refreshed.clear();
        markers.clear();
        cleared.clear();
    }
}
