#include <stddef.h>

/* The two LAPACK routines Reveille calls, as OpenBLAS exports them (its libopenblas holds LAPACK
   too, so no LAPACKE or reference-LAPACK library is loaded). Fortran conventions: column-major
   storage, every argument by address, 32-bit integers (Debian's OpenBLAS is built without
   USE_64BITINT), and the hidden length of the one-character `uplo` argument last, as gfortran
   passes it. LinearAlgebra takes them with dlsym, as the pointer types below. */
void dposv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda,
            double *b, const int *ldb, int *info, size_t uplo_length);
void dsysv_(const char *uplo, const int *n, const int *nrhs, double *a, const int *lda, int *ipiv,
            double *b, const int *ldb, double *work, const int *lwork, int *info, size_t uplo_length);

typedef __typeof__(dposv_) *reveille_dposv;
typedef __typeof__(dsysv_) *reveille_dsysv;
