#!/bin/sh
# /usr/bin/jumbocap: the viewer for `jumbocap gui`, the capture launcher (the only one with capture
# capabilities) for `jumbocap capture`, the export launcher for `jumbocap export`, the command line for
# everything else.
app=/usr/lib/jumbocap/bin
case "${1:-}" in
    gui) shift; exec "$app/jumbocap-gui" "$@" ;;
    capture)
        shift
        if [ ! -x "$app/jumbocap-capture" ]; then
            echo "jumbocap: capturing needs root or the group jumbocap (usermod -aG jumbocap $(id -un), then log in again)" >&2
            exit 1
        fi
        exec "$app/jumbocap-capture" "$@" ;;
    export) exec "$app/jumbocap-export" "$@" ;; # C2 sooner than the others (the launcher says why)
    *) exec "$app/jumbocap" "$@" ;;
esac
