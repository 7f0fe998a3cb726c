/*
 * nqref: the C reference the engine is timed against. It counts the
 * solutions of the n-queens problem, 1 <= n <= 32, on one thread, with
 * Martin Richards' bit masks.
 *
 *   nqref N          mirror symmetry: the first queen in the left half of
 *                    the top row, every count doubled (the middle column
 *                    of an odd board takes the second row's left half);
 *                    an explicit stack, as fast C programs do it
 *   nqref N plain    the plain recursion of the articles: the whole tree,
 *                    the same one the package's article strategies walk
 *
 *   gcc -O3 -march=native -o nqref scripts/nqref.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint32_t mask;

/* fill counts the ways to fill rows more rows below a row whose squares
 * are attacked along columns cols and diagonals left and right. */
static uint64_t fill(mask all, int rows, mask cols, mask left, mask right)
{
	mask todo[32], c[32], l[32], r[32];
	uint64_t found = 0;
	int d = 0;

	if (rows == 0)
		return 1;
	c[0] = cols;
	l[0] = left;
	r[0] = right;
	mask free = all & ~(cols | left | right);
	if (rows == 1)
		return __builtin_popcount(free);
	for (;;) {
		if (free == 0) {
			if (d == 0)
				return found;
			free = todo[--d];
			continue;
		}
		mask bit = free & -free; /* the lowest free square */
		free ^= bit;
		mask nc = c[d] | bit, nl = (l[d] | bit) << 1, nr = (r[d] | bit) >> 1;
		mask next = all & ~(nc | nl | nr);
		if (d + 2 == rows) { /* the next row is the last: one square is one solution */
			found += next != 0;
			continue;
		}
		if (next == 0)
			continue;
		todo[d++] = free;
		c[d] = nc;
		l[d] = nl;
		r[d] = nr;
		free = next;
	}
}

static uint64_t mirror(int n)
{
	mask all = n == 32 ? ~(mask)0 : ((mask)1 << n) - 1;
	uint64_t total = 0;

	if (n == 1)
		return 1;
	for (int col = 0; col < n / 2; col++) {
		mask bit = (mask)1 << col;
		total += 2 * fill(all, n - 1, bit, bit << 1, bit >> 1);
	}
	if (n % 2 == 1) {
		mask mid = (mask)1 << (n / 2);
		mask second = all & ~(mid | mid << 1 | mid >> 1) & (mid - 1);
		for (; second != 0; second &= second - 1) {
			mask bit = second & -second;
			total += 2 * fill(all, n - 2, mid | bit, (mid << 1 | bit) << 1,
			                  (mid >> 1 | bit) >> 1);
		}
	}
	return total;
}

static uint64_t plain(mask all, mask cols, mask left, mask right)
{
	if (cols == all)
		return 1;
	uint64_t found = 0;
	for (mask free = all & ~(cols | left | right); free != 0; free &= free - 1) {
		mask bit = free & -free;
		found += plain(all, cols | bit, (left | bit) << 1, (right | bit) >> 1);
	}
	return found;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0;
	if (n < 1 || n > 32 || (argc > 2 && strcmp(argv[2], "plain") != 0) || argc > 3) {
		fprintf(stderr, "usage: nqref N [plain], 1 <= N <= 32\n");
		return 2;
	}
	if (argc > 2) {
		mask all = n == 32 ? ~(mask)0 : ((mask)1 << n) - 1;
		printf("%llu\n", (unsigned long long)plain(all, 0, 0, 0));
	} else {
		printf("%llu\n", (unsigned long long)mirror(n));
	}
	return 0;
}
