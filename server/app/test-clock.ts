/**
 * The request header a browser test sets the server's clock with, as an ISO time. Only a server
 * started with its test clock on (`testClock`, browser tests) honours it, on pages, the API and
 * stock search alike; a page answered with it is never cached.
 */
export const TEST_NOW_HEADER = 'x-forecourt-test-now';
