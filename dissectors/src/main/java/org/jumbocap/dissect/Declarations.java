package org.jumbocap.dissect;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.jumbocap.expert.ExpertDef;
import org.jumbocap.field.FieldDef;

/**
 * Collects the {@code public static final} {@link FieldDef} and {@link ExpertDef} constants of holder
 * classes in declaration order, so a protocol declares each field exactly once.
 */
public final class Declarations {
    private Declarations() {
    }

    public static List<FieldDef> fields(Class<?>... holders) {
        return constants(FieldDef.class, holders);
    }

    public static List<ExpertDef> experts(Class<?>... holders) {
        return constants(ExpertDef.class, holders);
    }

    private static <T> List<T> constants(Class<T> type, Class<?>... holders) {
        List<T> out = new ArrayList<>();
        for (Class<?> holder : holders) {
            for (Field f : holder.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) && Modifier.isFinal(m) && Modifier.isPublic(m) && type.isAssignableFrom(f.getType())) {
                    try {
                        out.add(type.cast(f.get(null)));
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return out;
    }
}
