"""The replay's one real slowdown (STUDY ONLY, never for Commons Text itself): LongestCommonSubsequence also
computes the LCS of a tenth of the longer input against the shorter one on every call, a check left in by
mistake. The LCS costs about len(left) x len(right), so this adds about 10 % to the benchmark testLCS."""
import sys

path = sys.argv[1]
src = open(path).read()
old = """        // Check if we can save even more space
        if (leftSz < rightSz) {
            return algorithmC(right, left);
        }
        return algorithmC(left, right);"""
new = """        // Check if we can save even more space
        if (leftSz < rightSz) {
            lastCheck = algorithmC(right.subSequence(0, rightSz / 10), left);
            return algorithmC(right, left);
        }
        lastCheck = algorithmC(left.subSequence(0, leftSz / 10), right);
        return algorithmC(left, right);"""
assert old in src, "the code to slow down is not where it was: " + path
src = src.replace(old, new)
anchor = "public class LongestCommonSubsequence implements SimilarityScore<Integer> {"
assert anchor in src
src = src.replace(anchor, anchor + "\n\n    static volatile String lastCheck;", 1)
open(path, "w").write(src)
