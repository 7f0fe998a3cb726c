package join

import "math"

// The join's policy, in one place: the numbers it chooses with the
// kernels' layout (zkernels.go, from the kernels' description), the same
// for every instruction set but where the layout says otherwise. Which
// width a split's tables take; how a split is sieved, and its large
// buckets halved (a trie); where the north sieve pays; and how many
// half-boards a joiner holds at once. Each number says what measured it
// (docs/measurements.md has the tables).

// The width of a split's tables.

// tableWidth returns the width of the tables, in diagonals, for queries
// west half-boards: 4 up to narrowQueries of them, else 8.
func tableWidth(keyBits, queries int) int {
	if queries <= narrowQueries(keyBits) {
		return 4
	}
	return 8
}

// narrowQueries returns the most queries for which the tables of keys
// of keyBits diagonals are 4 diagonals wide, -1 for none: where the keys
// take at most maxTables tables of 4, and building tables of 8 would
// cost more than their queries save. A query costs a row a table;
// building a table, about layRow times a row a value (the transposes of
// the keys, and the ORs of rows, against a kernel's unrolled loads: at
// 4, n = 17 took 0.94 times the time it took at 1, and 18 to 21 as
// much).
func narrowQueries(keyBits int) int {
	wide, narrow := (keyBits+7)/8, (keyBits+3)/4
	// Tables of 4 pay while queries·(narrow-wide) < saved.
	saved := layRow*wide<<8 - layRow*narrow<<4
	switch {
	case narrow > maxTables || saved <= 0:
		return -1
	case narrow == wide:
		return math.MaxInt
	}
	return (saved - 1) / (narrow - wide)
}

// wideWidth returns the width of the wide tables of keys of bits
// diagonals: 9 where 9 takes fewer tables than 8 (4 for 33 to 36
// diagonals, where 8 takes 5), else 8. A query then reads a row less,
// and laying a table out costs twice as many rows.
func wideWidth(bits int) int {
	if (bits+8)/9 < (bits+7)/8 {
		return 9
	}
	return 8
}

// layRow is what building a row of a table costs, in rows that a query
// reads.
const layRow = 4

// The sieve of a split, and the trie of its large buckets.

// maxSieve is the most top bits a split is sieved on.
const maxSieve = 14

// sieveFor returns how a joiner of the n×n board sieves, for the tables
// of l: a split of at least 8,192 east half-boards, on as many top bits
// as make buckets of 1,024 or more on average. A smaller split is not:
// sorting its west half-boards would cost more than the sieve saves. An
// even board from 20 on, and an odd one from 23, sieves from 2,048: its
// splits of 2,048 to 8,192 east half-boards meet west sides of tens of
// thousands (a shard of 20 took 0.87 times the time, of 22 0.97, of 23
// and 25 0.89 to 0.93, where 18 took 1.2 times and a shard of 21 1.06
// times). Those boards' large buckets, of 512 east half-boards or more,
// are halved on up to 3 bits more, and each half of 512 or more again, a
// trie: at 24, 26 and 27 a solution then examines 0.73 to 0.78 times the
// pairs and reads 0.79 to 0.81 times the words of buckets of 512, for
// 0.84 to 0.91 times the time (with the AVX2 kernels; docs/measurements.md).
// Where l says so (smallBuckets), as for the Go kernels, whose rows are
// as long as their half-boards, they make buckets of 128 on average
// instead, from 512.
func sieveFor(n int, l *layout) sieve {
	if n%2 == 0 && n >= 20 || n >= 23 {
		if l.smallBuckets {
			return sieve{from: 4 * smallBucket, keys: smallBucket}
		}
		return sieve{from: 1 << 11, keys: 1024, deep: 3, least: 256}
	}
	return sieve{from: 1 << 13, keys: 1 << 10}
}

// subSieve returns the bits below the sieve's on which the west side of a
// sieved split of the n×n board is sieved alone (matchSieved), for the
// tables of l: 2 where the north sieve runs and the sieve's buckets are
// large, of 1,024 east half-boards or more, whose rows a bucket's padding
// lengthens little; else none.
func subSieve(n int, l *layout) int {
	if !l.northSieve || sieveFor(n, l).keys < 1024 {
		return 0
	}
	return 2
}

// smallBucket is the east half-boards of a bucket, on average, of a
// sieve of small buckets.
const smallBucket = 128

// A sieve is how a joiner sieves: from a split of from east half-boards
// on, into buckets of keys of them or more on average, each of which is
// halved on up to deep bits more while its halves keep least or more on
// average (matchSieved); sieveFor(n, l) but in tests.
type sieve struct{ from, keys, deep, least int }

// shallower returns sv a bit shallower: buckets twice as large on
// average, and halved while their halves keep half as many again: the
// sieve of a joiner that checks another's count, which lays out other
// blocks.
func (sv sieve) shallower() sieve {
	sv.keys, sv.least = 2*sv.keys, sv.least*3/2
	return sv
}

// maxDeep is the most bits a bucket is sieved on, the split's and its
// own.
const maxDeep = maxSieve + 2

// sampleFrom is the least pairs of north and south quarters of the
// east side, whose diagonals meet or not, for which a split is sampled:
// a smaller split has a shallow sieve, whose bits the squares' order
// chooses about as well, and the sample would cost it more than it saves
// (a shard of 20 spent 15% of its time on the samples of all its sieved
// splits, and examined 0.96 of the pairs; docs/measurements.md).
const sampleFrom = 1 << 16

// The parts of a side.

// partFor returns the most half-boards of a side that a joiner of the n×n
// board holds at once: about twice the most a side of a split has, up to
// 2^21 (16 MiB of keys, and as much again sorted) for n up to 25, and
// 2^22 from 26 on. The largest sides of the splits of n = 14 to 20 have
// 570, 2,956, 17,506 and 114,142 half-boards, about 6 times more with each
// two sizes (the west ones; the east ones about 3.5 times fewer), and an
// odd board fewer than the even one below it. A larger side is listed in
// parts.
func partFor(n int) int {
	m := n / 2
	most := 1 << 21
	if m >= 13 {
		most <<= 1
	}
	part := float64(1 << 18)
	for range m - 10 {
		part *= 6
	}
	for range 10 - m {
		part /= 6
	}
	return max(int(min(part, float64(most))), minPart)
}

// minPart is the least part of a side: a part of a few keys would be
// listed again and again.
const minPart = 1 << 10

// The north sieve of the splits too small to sieve.

// northFrom returns where the north sieve of a split pays, as northPays
// measures it, for the tables of l, math.MaxUint64 for never (where
// !l.northSieve): the words
// that a split reads a north quarter of the west side are about 0.4
// times that measure (at 18, 19 and a shard of 21, across splits of
// every size, by the join's counters, stats.go), and planNorth reads each north quarter
// twice. Planned for every split, a shard of 19, whose splits read few
// words a north quarter, took 1.18 to 1.30 times the time; from 64, 18
// gained and 19 lost (docs/measurements.md).
func northFrom(l *layout) uint64 {
	if !l.northSieve {
		return math.MaxUint64
	}
	return 128
}

// stridedCost is what a query costs a word of a range of its rows,
// against a word of whole rows, in 16ths: the Go kernels of rows a
// stride apart took 1.00 to 1.07 times as long as those of whole rows
// (BenchmarkClashesStrided, 4 tables, rows of 4 to 16 words).
const stridedCost = 17
