package main

import (
	"testing"
)

func TestMemoryFlag(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		out  string
	}{
		{"1", 1, "1"}, {"1536", 1536, "1536"}, {"512K", 512 << 10, "512K"}, {"2048M", 2 << 30, "2G"},
		{"4G", 4 << 30, "4G"}, {"1T", 1 << 40, "1T"},
	} {
		var b bytesFlag
		if err := b.Set(tt.in); err != nil || int64(b) != tt.want || b.String() != tt.out {
			t.Errorf("-memory %s: %d (%s), %v; want %d (%s)", tt.in, int64(b), b.String(), err, tt.want, tt.out)
		}
	}
}
