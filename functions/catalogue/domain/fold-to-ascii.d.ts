/** fold-to-ascii ships no types; this is the part of its API the search's folding uses. */
declare module 'fold-to-ascii' {
  const ASCIIFolder: {
    /** Each character Lucene's ASCIIFoldingFilter maps replaced by its ASCII letters, the others kept. */
    foldMaintaining(text: string): string;
  };
  export default ASCIIFolder;
}
