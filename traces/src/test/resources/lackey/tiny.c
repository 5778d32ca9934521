/* A tiny program whose memory references valgrind's lackey records: it fills an array that spans
   several 4 KiB pages, reads it back with a stride, and copies a string across a page boundary. */
#include <string.h>
#include <stdlib.h>

static char big[5 * 4096] __attribute__((aligned(4096)));

int main(void) {
    long sum = 0;
    for (int i = 0; i < (int) sizeof big; i += 64) big[i] = (char) i;
    for (int i = 0; i < (int) sizeof big; i += 512) sum += big[i];
    memcpy(big + 4096 - 3, "crossing", 8);
    return (int) (sum & 1);
}
