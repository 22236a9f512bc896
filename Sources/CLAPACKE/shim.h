#include <lapacke.h>
