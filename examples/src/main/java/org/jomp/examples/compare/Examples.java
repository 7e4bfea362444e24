package org.jomp.examples.compare;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.jomp.examples.floyd.FloydHybrid;
import org.jomp.examples.floyd.FloydMpi;
import org.jomp.examples.floyd.FloydMpiHybrid;
import org.jomp.examples.floyd.FloydOmp;
import org.jomp.examples.floyd.FloydSequential;
import org.jomp.examples.floyd.FloydSpmd;
import org.jomp.examples.floyd.FloydThreads;
import org.jomp.examples.floyd.Graph;
import org.jomp.examples.jgf.crypt.CryptOmp;
import org.jomp.examples.jgf.crypt.CryptSequential;
import org.jomp.examples.jgf.crypt.CryptThreads;
import org.jomp.examples.jgf.crypt.Idea;
import org.jomp.examples.jgf.lufact.LUFactOmp;
import org.jomp.examples.jgf.lufact.LUFactSequential;
import org.jomp.examples.jgf.lufact.LUFactThreads;
import org.jomp.examples.jgf.lufact.Linpack;
import org.jomp.examples.jgf.series.SeriesOmp;
import org.jomp.examples.jgf.series.SeriesSequential;
import org.jomp.examples.jgf.series.SeriesThreads;
import org.jomp.examples.jgf.sor.SorOmp;
import org.jomp.examples.jgf.sor.SorSequential;
import org.jomp.examples.jgf.sor.SorThreads;
import org.jomp.examples.jgf.sparse.SparseMatmultOmp;
import org.jomp.examples.jgf.sparse.SparseMatmultSequential;
import org.jomp.examples.jgf.sparse.SparseMatmultThreads;
import org.jomp.examples.jgf.sparse.SparseMatrix;
import org.jomp.examples.keysearch.KeySearchHybrid;
import org.jomp.examples.keysearch.KeySearchMpi;
import org.jomp.examples.keysearch.KeySearchMpiHybrid;
import org.jomp.examples.keysearch.KeySearchOmp;
import org.jomp.examples.keysearch.KeySearchProblem;
import org.jomp.examples.keysearch.KeySearchSequential;
import org.jomp.examples.keysearch.KeySearchSpmd;
import org.jomp.examples.keysearch.KeySearchThreads;
import org.jomp.examples.leq.LeqHybrid;
import org.jomp.examples.leq.LeqMpi;
import org.jomp.examples.leq.LeqMpiHybrid;
import org.jomp.examples.leq.LeqOmp;
import org.jomp.examples.leq.LeqProblem;
import org.jomp.examples.leq.LeqSequential;
import org.jomp.examples.leq.LeqSpmd;
import org.jomp.examples.leq.LeqThreads;
import org.jomp.examples.mandelbrot.MandelbrotHybrid;
import org.jomp.examples.mandelbrot.MandelbrotMpi;
import org.jomp.examples.mandelbrot.MandelbrotMpiHybrid;
import org.jomp.examples.mandelbrot.MandelbrotOmp;
import org.jomp.examples.mandelbrot.MandelbrotProblem;
import org.jomp.examples.mandelbrot.MandelbrotSequential;
import org.jomp.examples.mandelbrot.MandelbrotSpmd;
import org.jomp.examples.mandelbrot.MandelbrotThreads;
import org.jomp.examples.pi.PiHybrid;
import org.jomp.examples.pi.PiMpi;
import org.jomp.examples.pi.PiMpiHybrid;
import org.jomp.examples.pi.PiOmp;
import org.jomp.examples.pi.PiProblem;
import org.jomp.examples.pi.PiSequential;
import org.jomp.examples.pi.PiSpmd;
import org.jomp.examples.pi.PiThreads;
import org.jomp.examples.qr.QrHybrid;
import org.jomp.examples.qr.QrMpi;
import org.jomp.examples.qr.QrMpiHybrid;
import org.jomp.examples.qr.QrOmp;
import org.jomp.examples.qr.QrProblem;
import org.jomp.examples.qr.QrSequential;
import org.jomp.examples.qr.QrSpmd;
import org.jomp.examples.qr.QrThreads;
import org.jomp.runtime.Omp;

/**
 * Every example in the comparison with its problem sizes. Default sizes take a few tenths of a second sequentially
 * on the project's 2-core machines (0.24-0.76 s at load 2), quick sizes a tenth of that. The SPMD and hybrid variants
 * run with ranks as threads of this JVM; the //mpi versions take the whole input on every rank (they need nothing
 * else), the hand-written communicator versions that distribute data take it on rank 0 only and scatter it, so their
 * times include that distribution.
 */
public final class Examples {
    private static final long SEED = 42;

    private Examples() {
    }

    public static List<Example> all() {
        return List.of(floyd(), series(), sor(), crypt(), sparseMatmult(), luFact(), leq(), qr(), mandelbrot(), pi(),
                keySearch());
    }

    static Example floyd() {
        return new Example("floyd", "all-pairs shortest paths (Floyd-Warshall), n×n graph",
                withRanks(FloydSequential.class, FloydOmp.class, FloydThreads.class,
                        FloydMpi.class, FloydSpmd.class, FloydMpiHybrid.class, FloydHybrid.class), 1000, 400,
                "both keep one team for all n steps and meet at a barrier after each; generated uses the "
                        + "runtime's barrier, hand-written a CyclicBarrier.", n -> {
                    int[] graph = Graph.random(n, 0.1, SEED);
                    return new Kernel<int[]>("n=" + n, graph::clone,
                            d -> {
                                FloydSequential.solve(d, n);
                                return d;
                            },
                            (d, t) -> {
                                Omp.setNumThreads(t);
                                FloydOmp.solve(d, n);
                                return d;
                            },
                            (d, pool, t) -> {
                                FloydThreads.solve(d, n, pool, t);
                                return d;
                            })
                            .with(Variant.MPI, (world, d) -> {
                                FloydMpi.solve(world.rank() == 0 ? d : new int[n * n], n);
                                return d;
                            })
                            .with(Variant.SPMD, (world, d) -> {
                                FloydSpmd.solve(world, world.rank() == 0 ? d : null, n);
                                return d;
                            })
                            .with(Variant.MPI_HYBRID, (world, d) -> {
                                FloydMpiHybrid.solve(world.rank() == 0 ? d : new int[n * n], n);
                                return d;
                            })
                            .with(Variant.HYBRID, (world, d) -> {
                                FloydHybrid.solve(world, world.rank() == 0 ? d : null, n);
                                return d;
                            });
                });
    }

    static Example series() {
        return new Example("series", "JGF Series: first n Fourier coefficients of (x+1)^x",
                shared(SeriesSequential.class, SeriesOmp.class, SeriesThreads.class), 8000, 1000,
                "both give each thread one contiguous block of coefficients; no barrier inside.",
                n -> new Kernel<Integer>("n=" + n, () -> n,
                        SeriesSequential::coefficients,
                        (size, t) -> {
                            Omp.setNumThreads(t);
                            return SeriesOmp.coefficients(size);
                        },
                        SeriesThreads::coefficients));
    }

    static Example sor() {
        int iterations = 100;
        return new Example("sor", "JGF SOR: red-black over-relaxation, n×n grid, 100 iterations",
                shared(SorSequential.class, SorOmp.class, SorThreads.class), 1500, 500,
                "both keep one team and meet after every half-sweep; generated at the runtime's barrier, "
                        + "hand-written at a Phaser.", n -> {
                    double[][] grid = SorSequential.randomGrid(n, n, SEED);
                    return new Kernel<double[][]>("n=" + n, () -> deepCopy(grid),
                            g -> {
                                SorSequential.solve(g, SorSequential.OMEGA, iterations);
                                return g;
                            },
                            (g, t) -> {
                                Omp.setNumThreads(t);
                                SorOmp.solve(g, SorSequential.OMEGA, iterations);
                                return g;
                            },
                            (g, pool, t) -> {
                                SorThreads.solve(g, SorSequential.OMEGA, iterations, pool, t);
                                return g;
                            }, answer -> relaxed(grid, (double[][]) answer));
                });
    }

    /** SOR's validation: relaxation must have shrunk the residual of the starting grid. */
    private static String relaxed(double[][] start, double[][] answer) {
        double before = SorSequential.residual(start);
        double after = SorSequential.residual(answer);
        return after < before ? null : "residual " + after + " not below the starting grid's " + before;
    }

    /** Crypt's buffers: plain text in, cipher text and decrypted text out. */
    record CryptBuffers(byte[] plain, byte[] crypt, byte[] plain2, int[] z, int[] dk) {
        CryptBuffers fresh() {
            return new CryptBuffers(plain, new byte[plain.length], new byte[plain.length], z, dk);
        }

        CryptAnswer answer() {
            return new CryptAnswer(plain, crypt, plain2);
        }
    }

    /** Crypt's answer; the JGF validation is that the decrypted text equals the plain text. */
    record CryptAnswer(byte[] plain, byte[] crypt, byte[] plain2) {
        String invalid() {
            return Arrays.equals(plain, plain2) ? null : "decrypted text differs from the plain text";
        }
    }

    static Example crypt() {
        return new Example("crypt", "JGF Crypt: IDEA encryption and decryption of n bytes",
                shared(CryptSequential.class, CryptOmp.class, CryptThreads.class), 12_000_000, 2_000_000,
                "generated has a barrier between encryption and decryption (the implied one of the first loop); "
                        + "hand-written decrypts its own blocks without waiting.", n -> {
                    byte[] key = new byte[16];
                    new Random(SEED).nextBytes(key);
                    int[] z = Idea.encryptionKey(key);
                    CryptBuffers start = new CryptBuffers(CryptSequential.randomText(n, SEED), null, null, z,
                            Idea.decryptionKey(z));
                    return new Kernel<CryptBuffers>("n=" + n, start::fresh,
                            b -> {
                                CryptSequential.encryptDecrypt(b.plain, b.crypt, b.plain2, b.z, b.dk);
                                return b.answer();
                            },
                            (b, t) -> {
                                Omp.setNumThreads(t);
                                CryptOmp.encryptDecrypt(b.plain, b.crypt, b.plain2, b.z, b.dk);
                                return b.answer();
                            },
                            (b, pool, t) -> {
                                CryptThreads.encryptDecrypt(b.plain, b.crypt, b.plain2, b.z, b.dk, pool, t);
                                return b.answer();
                            }, answer -> ((CryptAnswer) answer).invalid());
                });
    }

    static Example sparseMatmult() {
        int iterations = 200;
        return new Example("sparsematmult", "JGF SparseMatmult: y += A·x, n×n with 5n entries, 200 times",
                shared(SparseMatmultSequential.class, SparseMatmultOmp.class, SparseMatmultThreads.class), 100_000,
                20_000,
                "generated meets at the loop's implied barrier after each of the 200 products; hand-written tasks "
                        + "keep their rows for all products and never meet.", n -> {
                    SparseMatrix a = SparseMatrix.random(n, 5 * n, SEED);
                    double[] x = new Random(SEED + 1).doubles(n).toArray();
                    return new Kernel<double[]>("n=" + n + ", nz=" + 5 * n, () -> new double[n],
                            y -> {
                                SparseMatmultSequential.multiply(a, x, y, iterations);
                                return y;
                            },
                            (y, t) -> {
                                Omp.setNumThreads(t);
                                SparseMatmultOmp.multiply(a, x, y, iterations);
                                return y;
                            },
                            (y, pool, t) -> {
                                SparseMatmultThreads.multiply(a, x, y, iterations, pool, t);
                                return y;
                            });
                });
    }

    static Example luFact() {
        return new Example("lufact", "JGF LUFact: LINPACK LU with partial pivoting, n×n",
                shared(LUFactSequential.class, LUFactOmp.class, LUFactThreads.class), 2000, 800,
                "both meet twice per column (after the pivot, after the elimination); generated with single and "
                        + "the loop's barrier, hand-written at a Phaser.", n -> {
                    double[][] matrix = Linpack.randomMatrix(n, SEED);
                    return new Kernel<double[][]>("n=" + n, () -> deepCopy(matrix),
                            a -> {
                                int[] ipvt = new int[n];
                                LUFactSequential.factor(a, ipvt);
                                return new LuAnswer(a, ipvt);
                            },
                            (a, t) -> {
                                Omp.setNumThreads(t);
                                int[] ipvt = new int[n];
                                LUFactOmp.factor(a, ipvt);
                                return new LuAnswer(a, ipvt);
                            },
                            (a, pool, t) -> {
                                int[] ipvt = new int[n];
                                LUFactThreads.factor(a, ipvt, pool, t);
                                return new LuAnswer(a, ipvt);
                            }, answer -> ((LuAnswer) answer).invalid(matrix));
                });
    }

    /** LUFact's answer: the factors and the pivots. */
    record LuAnswer(double[][] factors, int[] ipvt) {
        /** The LINPACK validation: solving A·x = A·1 with the factors gives a small normalised residual. */
        String invalid(double[][] original) {
            double[] ones = new double[ipvt.length];
            Arrays.fill(ones, 1.0);
            double[] b = Linpack.times(original, ones);
            double[] x = b.clone();
            Linpack.solve(factors, ipvt, x);
            double residual = Linpack.normalisedResidual(original, x, b);
            return residual < 100 ? null : "normalised residual " + residual + " is not below 100";
        }
    }

    static Example leq() {
        return new Example("leq", "LEQ: Jacobi iteration on a dense diagonally dominant n×n system",
                withRanks(LeqSequential.class, LeqOmp.class, LeqThreads.class,
                        LeqMpi.class, LeqSpmd.class, LeqMpiHybrid.class, LeqHybrid.class), 3000, 1000,
                "generated opens a parallel region (a fork and a join of the team) for every sweep; hand-written "
                        + "tasks live across sweeps and meet at a CyclicBarrier whose action decides whether to go on.",
                n -> {
                    LeqProblem p = LeqProblem.random(n, SEED);
                    return new Kernel<LeqProblem>("n=" + n, () -> p, LeqSequential::solve, LeqOmp::solve,
                            LeqThreads::solve)
                            .with(Variant.MPI, (world, in) -> LeqMpi.solve(in))
                            .with(Variant.SPMD, (world, in) -> LeqSpmd.solve(world, world.rank() == 0 ? in : null))
                            .with(Variant.MPI_HYBRID, (world, in) -> LeqMpiHybrid.solve(in))
                            .with(Variant.HYBRID, (world, in) -> LeqHybrid.solve(world, world.rank() == 0 ? in : null));
                });
    }

    static Example qr() {
        return new Example("qr", "QR: Householder with column pivoting, 2n×n",
                withRanks(QrSequential.class, QrOmp.class, QrThreads.class,
                        QrMpi.class, QrSpmd.class, QrMpiHybrid.class, QrHybrid.class), 600, 250,
                "generated opens a parallel region for every step; hand-written tasks live across steps and meet "
                        + "at a CyclicBarrier whose action chooses the next pivot.",
                n -> new Kernel<QrProblem>("m=" + 2 * n + ", n=" + n,
                        () -> QrProblem.random(2 * n, n, SEED), QrSequential::factor, QrOmp::factor,
                        QrThreads::factor)
                        .with(Variant.MPI, (world, in) -> QrMpi.factor(in))
                        .with(Variant.SPMD, (world, in) -> QrSpmd.factor(world, world.rank() == 0 ? in : null))
                        .with(Variant.MPI_HYBRID, (world, in) -> QrMpiHybrid.factor(in))
                        .with(Variant.HYBRID, (world, in) -> QrHybrid.factor(world, world.rank() == 0 ? in : null)));
    }

    static Example mandelbrot() {
        int chunkRows = 4;
        return new Example("mandelbrot",
                "Mandelbrot: escape times of an n×n image (dynamic schedule; master/worker SPMD)",
                withRanks(MandelbrotSequential.class, MandelbrotOmp.class, MandelbrotThreads.class,
                        MandelbrotMpi.class, MandelbrotSpmd.class, MandelbrotMpiHybrid.class,
                        MandelbrotHybrid.class), 700,
                300,
                "both hand out rows one at a time; generated through the runtime's dynamic schedule, hand-written "
                        + "through an AtomicInteger.", n -> {
                    MandelbrotProblem p = MandelbrotProblem.wholeSet(n, n, 1000);
                    return new Kernel<MandelbrotProblem>("n=" + n, () -> p, MandelbrotSequential::compute,
                            MandelbrotOmp::compute, MandelbrotThreads::compute)
                            .with(Variant.MPI, (world, in) -> MandelbrotMpi.compute(in))
                            .with(Variant.SPMD, (world, in) -> MandelbrotSpmd.compute(world,
                                    world.rank() == 0 ? in : null, chunkRows))
                            .with(Variant.MPI_HYBRID, (world, in) -> MandelbrotMpiHybrid.compute(in))
                            .with(Variant.HYBRID, (world, in) -> MandelbrotHybrid.compute(world,
                                    world.rank() == 0 ? in : null, chunkRows));
                });
    }

    static Example pi() {
        return new Example("pi", "pi by Monte Carlo, n million points",
                withRanks(PiSequential.class, PiOmp.class, PiThreads.class,
                        PiMpi.class, PiSpmd.class, PiMpiHybrid.class, PiHybrid.class), 100, 10,
                "both count a block of chunks per thread; generated combines them with a sum reduction, "
                        + "hand-written adds the futures' results.", n -> {
                    PiProblem p = new PiProblem(n * 1_000_000L, SEED);
                    return new Kernel<PiProblem>("n=" + n + "M", () -> p, PiSequential::estimate, PiOmp::estimate,
                            PiThreads::estimate)
                            .with(Variant.MPI, (world, in) -> PiMpi.estimate(in))
                            .with(Variant.SPMD, PiSpmd::estimate)
                            .with(Variant.MPI_HYBRID, (world, in) -> PiMpiHybrid.estimate(in))
                            .with(Variant.HYBRID, PiHybrid::estimate);
                });
    }

    static Example keySearch() {
        return new Example("keysearch", "exhaustive AES key search over 2^n keys",
                withRanks(KeySearchSequential.class, KeySearchOmp.class, KeySearchThreads.class,
                        KeySearchMpi.class, KeySearchSpmd.class, KeySearchMpiHybrid.class,
                        KeySearchHybrid.class), 18, 15,
                "both try a block of candidates per thread with a private searcher; generated combines them with "
                        + "a min reduction, hand-written takes the smallest of the futures' results.", n -> {
                    KeySearchProblem p;
                    try {
                        p = KeySearchProblem.plant(n, SEED).problem();
                    } catch (GeneralSecurityException e) {
                        throw new IllegalStateException("keysearch: cannot plant a key of " + n + " unknown bits", e);
                    }
                    return new Kernel<KeySearchProblem>("2^" + n + " keys", () -> p, KeySearchSequential::search,
                            KeySearchOmp::search, KeySearchThreads::search)
                            .with(Variant.MPI, (world, in) -> KeySearchMpi.search(in))
                            .with(Variant.SPMD, KeySearchSpmd::search)
                            .with(Variant.MPI_HYBRID, (world, in) -> KeySearchMpiHybrid.search(in))
                            .with(Variant.HYBRID, KeySearchHybrid::search);
                });
    }

    /** The classes of an example with shared-memory versions only. */
    private static Map<Variant, Class<?>> shared(Class<?> sequential, Class<?> directive, Class<?> handWritten) {
        Map<Variant, Class<?>> classes = new EnumMap<>(Variant.class);
        classes.put(Variant.SEQUENTIAL, sequential);
        classes.put(Variant.DIRECTIVE, directive);
        classes.put(Variant.HAND_WRITTEN, handWritten);
        return classes;
    }

    /** The classes of an example with SPMD and hybrid versions too. */
    private static Map<Variant, Class<?>> withRanks(Class<?> sequential, Class<?> directive, Class<?> handWritten,
            Class<?> mpi, Class<?> spmd, Class<?> mpiHybrid, Class<?> hybrid) {
        Map<Variant, Class<?>> classes = shared(sequential, directive, handWritten);
        classes.put(Variant.MPI, mpi);
        classes.put(Variant.SPMD, spmd);
        classes.put(Variant.MPI_HYBRID, mpiHybrid);
        classes.put(Variant.HYBRID, hybrid);
        return classes;
    }

    private static double[][] deepCopy(double[][] a) {
        double[][] copy = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            copy[i] = a[i].clone();
        }
        return copy;
    }
}
