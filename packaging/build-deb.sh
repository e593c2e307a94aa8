#!/usr/bin/env bash
# Builds the Debian package: packaging/target/jumbocap_VERSION_ARCH.deb
#
#   /usr/lib/jumbocap/          a jpackage app image: ELF launchers, the jars, a private Java runtime (jlink)
#     bin/jumbocap              the command line
#     bin/jumbocap-gui          the viewer
#     bin/jumbocap-capture      `jumbocap capture` alone; the only file that gets capabilities
#                               (cap_net_raw,cap_net_admin,cap_sys_nice, group jumbocap, mode 2750, set by postinst),
#                               as Debian's wireshark-common does for dumpcap
#   /usr/bin/jumbocap           `jumbocap gui ...` starts the viewer, `jumbocap capture ...` the capture
#                               launcher, everything else the command line
#   /usr/bin/jumbocap-capture   link to the capture launcher
#   man pages (picocli-codegen + asciidoctor), bash completion, desktop entry and icon, copyright
#
# Needs: JDK 17 with jlink and jpackage, Maven, asciidoctor, dpkg-deb, fakeroot is not needed
# (dpkg-deb --root-owner-group). Run from anywhere; builds the jars with Maven first unless
# JUMBOCAP_SKIP_BUILD=1.
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
root=$(cd "$here/.." && pwd)
out="$here/target"

for tool in jlink jpackage jdeps dpkg-deb asciidoctor mvn unzip; do
    command -v "$tool" >/dev/null 2>&1 || { echo "build-deb: $tool is needed" >&2; exit 1; }
done

if [ "${JUMBOCAP_SKIP_BUILD:-0}" != 1 ]; then
    (cd "$root" && mvn -B -q -Dstyle.color=never -Dmaven.test.skip=true -pl cli,gui -am package)
fi

version=$(sed -n 's/^version=//p' "$root/cli/target/classes/org/jumbocap/cli/version.properties")
deb_version=${version%-SNAPSHOT}
[ "$deb_version" = "$version" ] || deb_version="$deb_version~snapshot"
arch=$(dpkg --print-architecture)

rm -rf "$out"
mkdir -p "$out/input" "$out/man" "$out/tree"

# The jars: the command line's and the viewer's, one copy each
cp "$root"/cli/target/jumbocap-cli-"$version".jar "$root"/gui/target/jumbocap-gui-"$version".jar "$out/input/"
cp -n "$root"/cli/target/lib/*.jar "$root"/gui/target/lib/*.jar "$out/input/"

# A private runtime with the modules the jars use (jdeps), plus what they reach by reflection or
# service loading: JNA and JavaFX need jdk.unsupported, parquet-java's Hadoop-free path java.sql
modules=$(jdeps --ignore-missing-deps --multi-release 17 --print-module-deps \
    --class-path "$out/input/*" "$out"/input/jumbocap-*.jar 2>/dev/null || true)
modules="${modules:+$modules,}java.desktop,java.logging,java.management,java.naming,java.sql,java.xml,jdk.unsupported,jdk.crypto.ec,jdk.zipfs"
# --generate-cds-archive: the runtime's own class-data sharing archive of the JDK's classes, which a
# jlink image otherwise lacks (the viewer and the capture launcher start from it)
jlink --strip-debug --no-header-files --no-man-pages --compress=2 --generate-cds-archive \
    --add-modules "$modules" --output "$out/runtime"

common_java_options="-XX:+UseSerialGC"
# The viewer as the source tree's launcher runs it: C2 at ten times its default thresholds, a heap that
# starts small and keeps little free, so the serial collector grows it with what the rows keep
c2_ten_times="-XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000 -XX:Tier4CompileThreshold=150000 -XX:Tier4BackEdgeThreshold=400000"
cat > "$out/gui.properties" <<PROPS
main-jar=jumbocap-gui-$version.jar
main-class=org.jumbocap.gui.app.Launcher
java-options=$common_java_options -Xms32m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 $c2_ten_times
PROPS
# The command line starts from an archive of the JDK's and jumbocap's classes (AppCDS, as the source
# tree's launcher does): about a third less CPU before the first frame. A JDK 17 archive names the
# class path it was made for, so it is made where the package is installed: here the training run
# records the classes (Main$Training over the samples, the launcher's own), postinst makes the archive
# from them (jumbocap-cli.jsa beside the jars). Without the archive, -Xshare:auto runs without one.
cli_cds="-XX:SharedArchiveFile=\$APPDIR/jumbocap-cli.jsa -Xshare:auto -Xlog:cds*=off"
# The capture launcher runs as the source tree's launcher runs `capture -q` and `capture --raw`: C1
# alone, whose compiles cost less CPU during a capture than C2's (docs/benchmarks.md). Its options
# cannot depend on the command line, and what it mostly runs is the viewer's `capture --raw`, which
# dissects nothing; a capture that prints pays C1's slower dissection, bounded by what a terminal shows.
# JNA's native part comes from a directory of the package (lib/jna, root's): JNA would otherwise unpack
# it at run time into a directory of the caller's, from which the capability-holding process loads it,
# and the caller could replace it in between.
capture_jna="-Djna.boot.library.path=\$APPDIR/../jna -Djna.nounpack=true"
cat > "$out/capture.properties" <<PROPS
main-jar=jumbocap-cli-$version.jar
main-class=org.jumbocap.cli.CaptureMain
java-options=$common_java_options -Xms16m -XX:TieredStopAtLevel=1 $cli_cds $capture_jna
PROPS
# C2 at thirty times its default thresholds, as the source tree's launcher says why
c2_thirty_times="-XX:Tier4InvocationThreshold=150000 -XX:Tier4MinInvocationThreshold=18000 -XX:Tier4CompileThreshold=450000 -XX:Tier4BackEdgeThreshold=1200000"
# `export` as the source tree's launcher runs it: C2 at ten times (its own launcher; /usr/bin/jumbocap
# sends `export` there)
cat > "$out/export.properties" <<PROPS
main-jar=jumbocap-cli-$version.jar
main-class=org.jumbocap.cli.Main
java-options=$common_java_options -Xms16m $c2_ten_times $cli_cds
PROPS
jpackage --type app-image --dest "$out/image" --name jumbocap --app-version "$deb_version" \
    --input "$out/input" --main-jar "jumbocap-cli-$version.jar" --main-class org.jumbocap.cli.Main \
    --java-options "$common_java_options -Xms16m $c2_thirty_times $cli_cds" --runtime-image "$out/runtime" \
    --add-launcher jumbocap-gui="$out/gui.properties" --add-launcher jumbocap-capture="$out/capture.properties" \
    --add-launcher jumbocap-export="$out/export.properties"
app="$out/image/jumbocap/lib/app"
case "$arch" in
    amd64) jna_platform=linux-x86-64 ;;
    arm64) jna_platform=linux-aarch64 ;;
    *) jna_platform=linux-$arch ;;
esac
mkdir -p "$out/image/jumbocap/lib/jna"
unzip -p "$out"/input/jna-*.jar "com/sun/jna/$jna_platform/libjnidispatch.so" > "$out/image/jumbocap/lib/jna/libjnidispatch.so"
[ -s "$out/image/jumbocap/lib/jna/libjnidispatch.so" ] || { echo "build-deb: no JNA library for $jna_platform" >&2; exit 1; }
"$out/image/jumbocap/lib/runtime/bin/java" $common_java_options -XX:DumpLoadedClassList="$app/jumbocap-cli.classlist" \
    -cp "$app/*" 'org.jumbocap.cli.Main$Training' "$root/samples/ipv6-bigtcp-veth.pcap" \
    "$root/samples/ipv6-bigtcp-veth.pcapng" </dev/null >/dev/null 2>&1
[ -s "$app/jumbocap-cli.classlist" ] || { echo "build-deb: the class-data sharing training run failed" >&2; exit 1; }

tree="$out/tree"
install -d "$tree/usr/lib" "$tree/usr/bin" "$tree/usr/share/man/man1" "$tree/usr/share/doc/jumbocap" \
    "$tree/usr/share/bash-completion/completions" "$tree/usr/share/applications" \
    "$tree/usr/share/icons/hicolor/scalable/apps" "$tree/DEBIAN"
cp -a "$out/image/jumbocap" "$tree/usr/lib/jumbocap"
install -m 0755 "$here/debian/jumbocap.sh" "$tree/usr/bin/jumbocap"
ln -s ../lib/jumbocap/bin/jumbocap-capture "$tree/usr/bin/jumbocap-capture"

# Man pages from the picocli command tree: one page per command, jumbocap(1), jumbocap-read(1), ...
# (|| true: with pipefail, find's failure on a repository without the folder would end the script here)
codegen=$(find "$HOME/.m2/repository/info/picocli/picocli-codegen" -name 'picocli-codegen-*.jar' 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$codegen" ]; then
    (cd "$root" && mvn -B -q dependency:get -Dartifact=info.picocli:picocli-codegen:4.7.7) >/dev/null
    codegen=$(find "$HOME/.m2/repository/info/picocli/picocli-codegen" -name 'picocli-codegen-4.7.7.jar' | head -n 1)
fi
java -cp "$codegen:$out/input/*" "$here/ManPages.java" "$out/man"
for page in "$out"/man/*.adoc; do
    asciidoctor -b manpage -D "$out/man" "$page"
done
for page in "$out"/man/*.1; do
    gzip -9n -c "$page" > "$tree/usr/share/man/man1/$(basename "$page").gz"
done

"$tree/usr/lib/jumbocap/bin/jumbocap" completion > "$tree/usr/share/bash-completion/completions/jumbocap"
install -m 0644 "$here/debian/jumbocap.desktop" "$tree/usr/share/applications/"
install -m 0644 "$here/debian/jumbocap.svg" "$tree/usr/share/icons/hicolor/scalable/apps/"
install -m 0644 "$here/debian/copyright" "$tree/usr/share/doc/jumbocap/copyright"

installed_kb=$(du -sk --exclude=DEBIAN "$tree" | cut -f1)
sed -e "s/@VERSION@/$deb_version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$installed_kb/" \
    "$here/debian/control" > "$tree/DEBIAN/control"
install -m 0755 "$here/debian/postinst" "$here/debian/postrm" "$tree/DEBIAN/"

deb="$out/jumbocap_${deb_version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$tree" "$deb" >/dev/null
echo "$deb"
