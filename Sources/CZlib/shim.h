#include <zlib.h>

/* inflateInit2 is a macro, which Swift cannot call: this opens a raw deflate
   stream (no zlib header, 32 KiB window), as a ZIP archive's members are. */
static inline int judgecal_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}
