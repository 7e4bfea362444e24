import java.util.function.IntSupplier;

/** Directives in an inner class, a static nested class and an anonymous class; classes used inside a region. */
public class InnerAnonymousClasses {
    private final int[] data;

    InnerAnonymousClasses(int n) {
        data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i % 13;
        }
    }

    class Summer {
        long sum() {
            long s = 0;
            //omp parallel for reduction(+:s)
            for (int i = 0; i < data.length; i++) {
                s += data[i];
            }
            return s;
        }
    }

    static class Counter {
        int count(int[] a, int value) {
            int c = 0;
            //omp parallel for reduction(+:c)
            for (int i = 0; i < a.length; i++) {
                if (a[i] == value) {
                    c++;
                }
            }
            return c;
        }
    }

    public static void main(String[] args) {
        InnerAnonymousClasses outer = new InnerAnonymousClasses(5000);
        System.out.println("inner sum = " + outer.new Summer().sum());
        System.out.println("nested count of 7 = " + new Counter().count(outer.data, 7));

        IntSupplier anonymous = new IntSupplier() {
            @Override
            public int getAsInt() {
                int m = 0;
                //omp parallel for reduction(max:m)
                for (int i = 0; i < outer.data.length; i++) {
                    m = Math.max(m, outer.data[i] * 2);
                }
                return m;
            }
        };
        System.out.println("anonymous max = " + anonymous.getAsInt());

        long viaObjects = 0;
        //omp parallel for reduction(+:viaObjects)
        for (int i = 0; i < 100; i++) {
            Counter c = new Counter() {
                @Override
                int count(int[] a, int value) {
                    return value + 1;
                }
            };
            viaObjects += c.count(null, i);
        }
        System.out.println("via objects = " + viaObjects);
    }
}
