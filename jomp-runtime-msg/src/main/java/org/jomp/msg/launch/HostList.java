package org.jomp.msg.launch;

import java.util.ArrayList;
import java.util.List;

/**
 * Expands Slurm's compressed host lists ({@code SLURM_JOB_NODELIST}): comma-separated hosts, where a bracket holds
 * comma-separated numbers and ranges that keep their zero padding, possibly several brackets per name:
 * {@code "node[01-03,07],gpu5"} is node01, node02, node03, node07, gpu5; {@code "rack[1-2]-n[1-2]"} is rack1-n1,
 * rack1-n2, rack2-n1, rack2-n2.
 */
public final class HostList {
    private HostList() {
    }

    /**
     * The hosts of {@code list}, in order.
     *
     * @throws IllegalArgumentException naming the list and the position of a syntax error
     */
    public static List<String> expand(String list) {
        List<String> hosts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= list.length(); i++) {
            char c = i < list.length() ? list.charAt(i) : ',';
            if (c == '[') {
                depth++;
                if (depth > 1) {
                    throw error(list, i, "nested '['");
                }
            } else if (c == ']') {
                depth--;
                if (depth < 0) {
                    throw error(list, i, "']' without '['");
                }
            } else if (c == ',' && depth == 0) {
                String item = list.substring(start, i).trim();
                if (item.isEmpty()) {
                    throw error(list, i, "empty host name");
                }
                expandItem(list, start, item, hosts);
                start = i + 1;
            }
        }
        if (depth != 0) {
            throw error(list, list.length(), "'[' not closed");
        }
        return hosts;
    }

    private static void expandItem(String list, int at, String item, List<String> out) {
        int open = item.indexOf('[');
        if (open < 0) {
            out.add(item);
            return;
        }
        int close = item.indexOf(']', open);
        String prefix = item.substring(0, open);
        String rest = item.substring(close + 1);
        List<String> tails = new ArrayList<>();
        expandItem(list, at + close + 1, rest, tails);
        for (String range : item.substring(open + 1, close).split(",", -1)) {
            int dash = range.indexOf('-');
            String lo = dash < 0 ? range : range.substring(0, dash);
            String hi = dash < 0 ? range : range.substring(dash + 1);
            if (lo.isEmpty() || hi.isEmpty() || !lo.chars().allMatch(Character::isDigit)
                    || !hi.chars().allMatch(Character::isDigit)) {
                throw error(list, at + open, "bad range '" + range + "' in '" + item + "'");
            }
            long from = Long.parseLong(lo);
            long to = Long.parseLong(hi);
            if (to < from || to - from > 1_000_000) {
                throw error(list, at + open, "range '" + range + "' runs backwards or is too long");
            }
            int width = lo.length();
            for (long n = from; n <= to; n++) {
                String num = String.format("%0" + width + "d", n);
                for (String tail : tails) {
                    out.add(prefix + num + tail);
                }
            }
        }
    }

    private static IllegalArgumentException error(String list, int at, String what) {
        return new IllegalArgumentException("host list \"" + list + "\": " + what + " at column " + (at + 1));
    }
}
