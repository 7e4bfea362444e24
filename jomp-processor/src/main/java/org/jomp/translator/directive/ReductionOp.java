package org.jomp.translator.directive;

/** The reduction operators of OpenMP for Java's primitive types. */
public enum ReductionOp {
    PLUS("+"), TIMES("*"), MINUS("-"), AND("&"), OR("|"), XOR("^"), LAND("&&"), LOR("||"), MIN("min"), MAX("max");

    private final String symbol;

    ReductionOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public static ReductionOp of(String symbol) {
        for (ReductionOp op : values()) {
            if (op.symbol.equals(symbol)) {
                return op;
            }
        }
        return null;
    }

    /** Whether the operator is defined on a primitive type (by its Java keyword). */
    public boolean fits(String type) {
        boolean numeric = switch (type) {
            case "int", "long", "short", "byte", "char", "float", "double" -> true;
            default -> false;
        };
        boolean integral = numeric && !type.equals("float") && !type.equals("double");
        return switch (this) {
            case PLUS, TIMES, MINUS, MIN, MAX -> numeric;
            case AND, OR, XOR -> integral || type.equals("boolean");
            case LAND, LOR -> type.equals("boolean");
        };
    }

    /** The identity of the operator on a primitive type, as a Java expression. */
    public String identity(String type) {
        return switch (this) {
            case PLUS, MINUS, OR, XOR -> type.equals("boolean") ? "false" : zero(type);
            case TIMES -> type.equals("float") ? "1f" : type.equals("double") ? "1d" : cast(type, "1");
            case AND -> type.equals("boolean") ? "true" : cast(type, "~0");
            case LAND -> "true";
            case LOR -> "false";
            case MIN -> extreme(type, true);
            case MAX -> extreme(type, false);
        };
    }

    /** A statement that folds {@code part} into {@code into}. */
    public String combine(String into, String part) {
        return switch (this) {
            case PLUS, MINUS -> into + " += " + part + ";";
            case TIMES -> into + " *= " + part + ";";
            case AND -> into + " &= " + part + ";";
            case OR -> into + " |= " + part + ";";
            case XOR -> into + " ^= " + part + ";";
            case LAND -> into + " = " + into + " && " + part + ";";
            case LOR -> into + " = " + into + " || " + part + ";";
            case MIN -> "if (" + part + " < " + into + ") " + into + " = " + part + ";";
            case MAX -> "if (" + part + " > " + into + ") " + into + " = " + part + ";";
        };
    }

    private static String zero(String type) {
        return switch (type) {
            case "long" -> "0L";
            case "float" -> "0f";
            case "double" -> "0d";
            case "int" -> "0";
            default -> cast(type, "0");
        };
    }

    private static String cast(String type, String value) {
        return switch (type) {
            case "int" -> value;
            case "long" -> value + "L";
            default -> "(" + type + ") " + value;
        };
    }

    private static String extreme(String type, boolean max) {
        return switch (type) {
            case "int" -> max ? "Integer.MAX_VALUE" : "Integer.MIN_VALUE";
            case "long" -> max ? "Long.MAX_VALUE" : "Long.MIN_VALUE";
            case "short" -> max ? "Short.MAX_VALUE" : "Short.MIN_VALUE";
            case "byte" -> max ? "Byte.MAX_VALUE" : "Byte.MIN_VALUE";
            case "char" -> max ? "Character.MAX_VALUE" : "Character.MIN_VALUE";
            case "float" -> max ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
            default -> max ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
        };
    }
}
