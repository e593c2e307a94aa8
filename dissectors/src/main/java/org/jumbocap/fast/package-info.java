/**
 * The allocation-free fast path: {@link org.jumbocap.fast.FastDecoder} fills a reusable
 * {@link org.jumbocap.fast.FastSummary} with a frame's flow, real (jumbo-aware) lengths and transport facts
 * without building a tree, for statistics and for display filters that only read what the summary holds.
 */
package org.jumbocap.fast;
