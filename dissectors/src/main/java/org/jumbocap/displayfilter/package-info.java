/**
 * Wireshark-style display filters over every field jumbocap declares.
 *
 * <p>{@link org.jumbocap.displayfilter.DisplayFilter#compile} lexes, parses and type-checks a filter once against
 * the field registry (plus the expert pseudo-fields of {@link org.jumbocap.expert.ExpertFields}),
 * reporting mistakes as a {@link org.jumbocap.displayfilter.FilterSyntaxException} with a 1-based column and,
 * for unknown fields, the nearest declared name. The result, a {@link org.jumbocap.displayfilter.CompiledFilter},
 * tests a full tree, or a fast-path summary when every field it reads is one the summary knows with the
 * tree's meaning.
 *
 * <p>Multi-occurrence fields (both addresses behind {@code ip.addr}, both ports behind {@code tcp.port},
 * the outer and inner layers of a VXLAN frame) follow Wireshark 4: {@code ==} and the other relations
 * are "any occurrence", {@code !=} is "every occurrence differs" (the same as {@code !(a == b)} when the
 * field is present), {@code ===} is "all equal" and {@code !==} (or {@code ~=}) "any differs". A
 * relation on a field the frame lacks is false, so {@code !=} never matches a frame without the field.
 *
 * <p>Tests read a field's value, or its bytes: slices ({@code eth[0:3] == 01:00:5e}) and searches
 * ({@code frame contains "GET"}) of layers and of value-less payload fields read the frame's bytes where
 * the tree node says they are, without copying them; see {@link org.jumbocap.displayfilter.DisplayFilter}.
 */
package org.jumbocap.displayfilter;

