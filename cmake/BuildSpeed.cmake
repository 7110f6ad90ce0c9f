# How the build is kept short (docs/performance.md, "Building"): most of a
# translation unit's time here goes to parsing Qt's and the standard library's
# headers, so every library precompiles them once (target_precompile_headers)
# and compiles its sources in batches (unity builds). Both are switches, on by
# default, so a clash that only a unity batch shows can be found with them off.
option(REVIEWDESK_PCH "Precompile the Qt and standard headers of each target" ON)
option(REVIEWDESK_UNITY "Compile the libraries' sources in unity batches" ON)
set(REVIEWDESK_UNITY_BATCH 8 CACHE STRING "Sources per unity batch")

# The headers nearly every source of ours includes: the standard library's
# and QtCore's, and the JSON libraries.
set(RD_PCH_CORE
    <algorithm> <functional> <memory> <optional> <utility> <vector>
    <QByteArray> <QCoreApplication> <QDateTime> <QDir> <QFile> <QFileInfo> <QHash>
    <QJsonArray> <QJsonDocument> <QJsonObject> <QList> <QObject> <QRegularExpression>
    <QSet> <QString> <QStringList> <QUrl> <QVariant>)
set(RD_PCH_JSON <nlohmann/json.hpp>)
set(RD_PCH_WIDGETS
    <QAction> <QApplication> <QComboBox> <QHBoxLayout> <QLabel> <QLineEdit>
    <QMessageBox> <QPainter> <QPushButton> <QVBoxLayout> <QWidget>)

# rd_build_quickly(target [JSON] [WIDGETS] [NO_UNITY])
#   JSON:     the target's sources use nlohmann_json (it must link it)
#   WIDGETS:  the target links QtWidgets
#   NO_UNITY: precompiled headers only (executables of one or two sources)
function(rd_build_quickly target)
    cmake_parse_arguments(ARG "JSON;WIDGETS;NO_UNITY" "" "" ${ARGN})
    if(REVIEWDESK_PCH)
        set(headers ${RD_PCH_CORE})
        if(ARG_JSON)
            list(APPEND headers ${RD_PCH_JSON})
        endif()
        if(ARG_WIDGETS)
            list(APPEND headers ${RD_PCH_WIDGETS})
        endif()
        target_precompile_headers(${target} PRIVATE ${headers})
    endif()
    if(REVIEWDESK_UNITY AND NOT ARG_NO_UNITY)
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON
            UNITY_BUILD_BATCH_SIZE ${REVIEWDESK_UNITY_BATCH})
    endif()
endfunction()
