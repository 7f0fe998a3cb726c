package main

import (
	"fmt"
	"testing"
)

// TestStyles: no two strategies are drawn alike, so that a line drawn over
// another of the same times still shows both.
func TestStyles(t *testing.T) {
	seen := map[string]string{}
	for i, s := range order {
		shape, dashes, width := style(i)
		key := fmt.Sprintf("%T %v %v", shape, dashes, width)
		if other, ok := seen[key]; ok {
			t.Errorf("%s and %s are drawn alike: %s", other, s, key)
		}
		seen[key] = s
	}
}
