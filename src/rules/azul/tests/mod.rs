//! Tests of the Azul engine: the spec's test vectors, the bonus structures, the course of the
//! game and random playouts.

mod flow;
mod playouts;
mod resign;
mod structures;
mod support;
mod vectors;
