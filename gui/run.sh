#!/bin/sh
# Starts the jumbocap viewer: same as `./jumbocap gui [--select N] [--filter EXPR] [--theme light|dark]
# [--statistics] [FILE]`.
exec "$(dirname "$0")/../jumbocap" gui "$@"
