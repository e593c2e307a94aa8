/**
 * The frame pipeline shared by every front end: summary always, display filter on the summary when it can
 * decide, full dissection on demand.
 */
package org.jumbocap.pipeline;
