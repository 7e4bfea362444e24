package org.jomp.msg.transport.socket;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Direct buffers for the fragments of large messages, placed on 2 MiB boundaries so that the kernel can back them
 * with transparent huge pages.
 *
 * <p>Why: every fragment is copied between the socket and this buffer by the kernel, and between this buffer and the
 * user's array by the JVM. In 4 KiB pages a 1 MiB fragment touches 256 pages, and in a virtual machine each TLB miss
 * is a two-level page walk. On the 2-vCPU KVM development machine a raw polled NIO ping-pong of 1 MiB between two
 * JVMs, with an array copy on each side, moved 1.0-1.7 GB/s through 4 KiB pages and 2.3-3.2 GB/s through a 2 MiB
 * page. Through this transport the gain was smaller, within that machine's noise (docs/running-spmd.md).
 *
 * <p>The kernel uses a huge page for an aligned 2 MiB range when transparent huge pages are {@code always} on, or,
 * under {@code madvise}, when the allocator asks for them. glibc 2.35 and later asks when started with
 * {@code GLIBC_TUNABLES=glibc.malloc.hugetlb=1}; jomprun sets that for its ranks. Where neither holds (the setting
 * {@code never}, no such tunable, not Linux) an aligned buffer would gain nothing and reserve twice the address
 * space, so a plain one is returned.
 */
final class LargePageBuffer {
    static final int PAGE = 2 << 20;

    private static final boolean HUGE_PAGES = hugePagesPossible(transparentHugePageMode(),
            System.getenv("GLIBC_TUNABLES"));

    private LargePageBuffer() {
    }

    /** A direct buffer of {@code bytes} in the wire byte order, on huge pages where this process can get them. */
    static ByteBuffer allocate(int bytes) {
        return allocate(bytes, HUGE_PAGES);
    }

    static ByteBuffer allocate(int bytes, boolean hugePages) {
        // Below a quarter of a page the buffer would mostly pin memory it never uses.
        if (!hugePages || bytes < PAGE / 4 || bytes > Integer.MAX_VALUE - 2 * PAGE) {
            return ByteBuffer.allocateDirect(bytes).order(Frame.ORDER);
        }
        int pages = (bytes + PAGE - 1) / PAGE;
        ByteBuffer whole;
        try {
            // One spare page: wherever the allocation starts, `pages` aligned pages fit inside it.
            whole = ByteBuffer.allocateDirect((pages + 1) * PAGE);
        } catch (OutOfMemoryError e) {
            // -XX:MaxDirectMemorySize leaves no room for the spare page: do without huge pages.
            return ByteBuffer.allocateDirect(bytes).order(Frame.ORDER);
        }
        // The slice keeps `whole` reachable, so the memory lives as long as the slice.
        return whole.alignedSlice(PAGE).slice(0, bytes).order(Frame.ORDER);
    }

    /**
     * Whether an aligned allocation gets huge pages, from the kernel's mode (the bracketed word of
     * /sys/kernel/mm/transparent_hugepage/enabled, {@code null} if there is none) and glibc's tunables.
     */
    static boolean hugePagesPossible(String mode, String glibcTunables) {
        if ("always".equals(mode)) {
            return true;
        }
        if (!"madvise".equals(mode) || glibcTunables == null) {
            return false;
        }
        for (String tunable : glibcTunables.split(":")) {
            if (tunable.trim().equals("glibc.malloc.hugetlb=1")) {
                return true;
            }
        }
        return false;
    }

    private static String transparentHugePageMode() {
        try {
            String s = Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));
            int open = s.indexOf('[');
            int close = s.indexOf(']', open + 1);
            return open >= 0 && close > open ? s.substring(open + 1, close) : null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }
}
