#include <cblas.h>

/* OpenBLAS (pthreads build): stops the idle worker threads its library constructor started.
   Exported by OpenBLAS for its fork handler; with one thread set, later calls run inline. */
int blas_thread_shutdown_(void);
