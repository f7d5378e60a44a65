// placeholder
#include <cstddef>
