// The page table is the contract's (@shop/contracts/pages): one table for the shell's
// PageRouter, the links prefetched on intent and the server's preloads.
export { type PageView, pageView } from '@shop/contracts/pages';
