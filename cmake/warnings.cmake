# Warnings and sanitizers as interface targets, linked PRIVATE by our own
# targets only (never through CMAKE_CXX_FLAGS).
add_library(trickref_warnings INTERFACE)
target_compile_options(trickref_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
  -Wold-style-cast -Wnon-virtual-dtor -Woverloaded-virtual -Wnull-dereference
  -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough -Wcast-qual
  -Wmissing-declarations
  $<$<CXX_COMPILER_ID:GNU>:-Wduplicated-cond -Wlogical-op>)
if(TRICKREF_WARNINGS_AS_ERRORS)
  target_compile_options(trickref_warnings INTERFACE -Werror)
endif()

add_library(trickref_sanitizers INTERFACE)
if(TRICKREF_SANITIZE)
  target_compile_options(trickref_sanitizers INTERFACE
    -fsanitize=${TRICKREF_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(trickref_sanitizers INTERFACE -fsanitize=${TRICKREF_SANITIZE})
endif()
