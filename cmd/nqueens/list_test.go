package main

import "testing"

func TestList(t *testing.T) {
	testOutputs(t, []output{
		{[]string{"list", "-limit", "1", "4"}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"list", "4"}, ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n"},
		{[]string{"list", "3"}, "no solution: the 3×3 board has none\n"},
	})
}
