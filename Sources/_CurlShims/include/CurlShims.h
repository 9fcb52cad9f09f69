// Typed wrappers for libcurl's variadic functions, which Swift cannot call.
//
// This target has no stable API: it exists only for the LanguageModels module.
// Each wrapper fixes the type of the variadic argument, so a Swift caller
// cannot pass a value of the wrong width to curl_easy_setopt/getinfo or
// curl_multi_setopt. The epoll and eventfd wrappers below (Linux) are the
// event loop's: they keep `struct epoll_event`, packed on x86-64, out of Swift.
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

/// libcurl's CURLMOPT_SOCKETFUNCTION: which events `socket` should be watched for
/// (`what` is a CURL_POLL_* value).
typedef int (*jc_curl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *context, void *socket_context);

/// libcurl's CURLMOPT_TIMERFUNCTION: call curl_multi_socket_action with
/// CURL_SOCKET_TIMEOUT after `timeout_ms` milliseconds (-1: no timer).
typedef int (*jc_curl_timer_callback)(CURLM *multi, long timeout_ms, void *context);

/// curl_multi_assign: the pointer libcurl passes back to the socket callback for `socket` until
/// the socket is removed.
CURLMcode jc_curl_multi_assign(CURLM *multi, curl_socket_t socket, void *pointer);

/// Sets a multi-handle option that takes a `long` (such as CURLMOPT_MAXCONNECTS).
CURLMcode jc_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// Sets a multi-handle option that takes an opaque pointer (CURLMOPT_SOCKETDATA, CURLMOPT_TIMERDATA).
CURLMcode jc_curl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value);

/// Sets CURLMOPT_SOCKETFUNCTION.
CURLMcode jc_curl_multi_setopt_socket_callback(CURLM *multi, jc_curl_socket_callback callback);

/// Sets CURLMOPT_TIMERFUNCTION.
CURLMcode jc_curl_multi_setopt_timer_callback(CURLM *multi, jc_curl_timer_callback callback);

#ifdef __linux__
/// epoll_create1(EPOLL_CLOEXEC): the epoll descriptor, or -1.
int jc_epoll_create(void);

/// Watches `fd` (level-triggered) for EPOLLIN and/or EPOLLOUT, the event's data being `fd`:
/// EPOLL_CTL_ADD when `is_new`, else EPOLL_CTL_MOD (and the other if that one finds the descriptor
/// already in, or not in, the set). 0, or the errno value.
int jc_epoll_watch(int epoll, int fd, int want_in, int want_out, int is_new);

/// EPOLL_CTL_DEL for `fd`: 0, or the errno value.
int jc_epoll_unwatch(int epoll, int fd);

/// epoll_wait for at most `capacity` events and `timeout_ms` (-1: no limit); each event's
/// descriptor goes to `fds` and its readiness, as CURL_CSELECT_* bits for
/// curl_multi_socket_action, to `flags`. Returns the count, or minus the errno value.
int jc_epoll_wait(int epoll, int *fds, int *flags, int capacity, int timeout_ms);

/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC): the descriptor, or -1.
int jc_eventfd_create(void);

/// Adds one to the eventfd's counter, which makes it readable until drained.
void jc_eventfd_signal(int fd);

/// Reads (and so zeroes) the eventfd's counter; does not block when it is already zero.
void jc_eventfd_drain(int fd);
#endif

#endif
