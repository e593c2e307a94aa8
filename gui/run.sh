#!/bin/sh
# Starts the jumbocap viewer from the source tree:
#   gui/run.sh [--select N] [--filter EXPR] [--theme light|dark] [--statistics] [FILE]
# Compiles first (offline, quiet, into target-run/ so it never disturbs other builds); set
# JUMBOCAP_NO_BUILD=1 to skip that. JavaFX comes from the local Maven repository.
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
out=${JUMBOCAP_OUT:--run}
repo=${MAVEN_REPO:-$HOME/.m2/repository}
fx=$(sed -n 's:.*<javafx.version>\(.*\)</javafx.version>.*:\1:p' "$root/pom.xml")
if [ -z "$JUMBOCAP_NO_BUILD" ]; then
    mvn -o -q -B -f "$root/pom.xml" -Djc.out="$out" -pl gui -am compile >&2
fi
cp="$root/dissectors/target$out/classes:$root/gui/target$out/classes"
for module in base graphics controls; do
    cp="$cp:$repo/org/openjfx/javafx-$module/$fx/javafx-$module-$fx.jar"
    cp="$cp:$repo/org/openjfx/javafx-$module/$fx/javafx-$module-$fx-linux.jar"
done
exec java ${JUMBOCAP_JAVA_OPTS} -cp "$cp" org.jumbocap.gui.app.Launcher "$@"
