#include <cblas.h>

/* OpenBLAS (pthreads build): stops the idle worker threads its library constructor started.
   Exported by OpenBLAS for its fork handler; with one thread set, later calls run inline. */
int blas_thread_shutdown_(void);

/* The entry points LinearAlgebra takes from OpenBLAS with dlsym (the library is opened on first
   use, not linked): pointer types of the declarations above, so each call is checked against
   OpenBLAS's own header. */
typedef __typeof__(cblas_dgemm) *reveille_cblas_dgemm;
typedef __typeof__(cblas_dgemv) *reveille_cblas_dgemv;
typedef __typeof__(cblas_dsyrk) *reveille_cblas_dsyrk;
typedef __typeof__(cblas_ddot) *reveille_cblas_ddot;
typedef __typeof__(openblas_get_config) *reveille_openblas_get_config;
typedef __typeof__(openblas_get_corename) *reveille_openblas_get_corename;
typedef __typeof__(openblas_get_num_threads) *reveille_openblas_get_num_threads;
typedef __typeof__(openblas_set_num_threads) *reveille_openblas_set_num_threads;
typedef __typeof__(blas_thread_shutdown_) *reveille_blas_thread_shutdown;
