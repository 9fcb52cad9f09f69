// Typed wrappers for libcurl's variadic functions, which Swift cannot call.
//
// This target has no stable API: it exists only for the LanguageModels module.
// Each wrapper fixes the type of the variadic argument, so a Swift caller
// cannot pass a value of the wrong width to curl_easy_setopt/getinfo.
#ifndef JUDGECAL_CURL_SHIMS_H
#define JUDGECAL_CURL_SHIMS_H

#include <curl/curl.h>

/// A callback that receives response bytes or header lines.
typedef size_t (*jc_curl_data_callback)(char *data, size_t size, size_t count, void *context);

/// A progress callback; returning non-zero aborts the transfer.
typedef int (*jc_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                         curl_off_t upload_total, curl_off_t uploaded);

/// Sets an option that takes a `long` (timeouts, flags, CURLOPT_NOSIGNAL).
CURLcode jc_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);

/// Sets an option that takes a C string, which libcurl copies.
CURLcode jc_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);

/// Sets an option that takes a `curl_off_t` (sizes).
CURLcode jc_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);

/// Sets an option that takes an opaque pointer (callback contexts, POST bodies).
CURLcode jc_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);

/// Sets CURLOPT_HTTPHEADER.
CURLcode jc_curl_easy_setopt_headers(CURL *handle, struct curl_slist *headers);

/// Sets CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
CURLcode jc_curl_easy_setopt_data_callback(CURL *handle, CURLoption option, jc_curl_data_callback callback);

/// Sets CURLOPT_XFERINFOFUNCTION.
CURLcode jc_curl_easy_setopt_progress_callback(CURL *handle, jc_curl_progress_callback callback);

/// Reads a `long` transfer detail (such as CURLINFO_RESPONSE_CODE).
CURLcode jc_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);

#endif
