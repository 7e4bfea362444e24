/** Unnamed and named critical sections; different names may run together, the same name never. */
public class CriticalNamedUnnamed {
    public static void main(String[] args) {
        int n = 20_000;
        long plain = 0;
        long left = 0;
        long right = 0;
        StringBuilder log = new StringBuilder();
        //omp parallel
        {
            //omp for
            for (int i = 0; i < n; i++) {
                //omp critical
                {
                    plain += i;
                }
                //omp critical(left)
                {
                    left += i % 7;
                }
                //omp critical(right)
                {
                    right += i % 11;
                }
                if (i % 5000 == 0) {
                    //omp critical(left)
                    {
                        log.append('x');
                    }
                }
            }
        }
        System.out.println("plain=" + plain + " left=" + left + " right=" + right + " log=" + log);
    }
}
